import { useQuery } from '@tanstack/react-query';
import { STORE_NAME } from 'shared/config';
import { FREE_DELIVERY_THRESHOLD } from 'shared/pricing/delivery';
import { formatINR } from 'shared/pricing/format';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { storeSettingsQueries } from '@/features/store/api/store-settings';
import { LEGAL_PAGES } from '@/features/store/legal-pages';
import { useNearViewport } from '@/lib/use-near-viewport';

const quickLinks = [
  { label: 'Sofas', to: paths.category('sofas') },
  { label: 'Chairs', to: paths.category('chairs') },
  { label: 'Tables', to: paths.category('tables') },
  { label: 'Beds', to: paths.category('beds') },
  { label: 'Track Order', to: paths.trackOrder },
];

const linkClass = 'text-stone-300 hover:text-white hover:underline';

/**
 * Every page's footer: quick links, contact, store hours, the legal pages, and who the seller is
 * (legal name, registered address, GSTIN: Consumer Protection (E-Commerce) Rules 2020 r.4(2)) from
 * store_settings, never typed here. Below the fold, it asks for them only as it nears the viewport
 * (a page that shows them itself, such as a product's declarations, has them cached already), so the
 * request never competes with the page's own data and picture.
 */
export function Footer() {
  // In view, not before: with any margin a page's footer counts as near while the page waits for its
  // data (main is a screen tall), and its request then came before the product's picture (Lighthouse
  // product/1: LCP 2.7 → 3.5 s).
  const [ref, near] = useNearViewport<HTMLElement>('0px');
  const business = useQuery({ ...storeSettingsQueries.business(), enabled: near }).data;
  const phone = business?.customer_care_phone;
  const email = business?.customer_care_email;
  return (
    <footer ref={ref} className="mt-16 border-t border-stone-200 bg-stone-900 text-stone-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-5">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-lg font-semibold text-white">
            {STORE_NAME}
          </h2>
          <p className="mt-2 text-sm text-stone-300">
            Furniture for every room. Free delivery on orders of {formatINR(FREE_DELIVERY_THRESHOLD)} or more.
          </p>
        </section>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-lg font-semibold text-white">
            Quick Links
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {quickLinks.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-lg font-semibold text-white">
            Contact Us
          </h2>
          <address className="mt-2 space-y-1 text-sm not-italic text-stone-300">
            {/* Room for the details before they come, so nothing below them moves when they do. */}
            <div className="min-h-[5.5rem] space-y-1">
              {business?.registered_address && <p>{business.registered_address}</p>}
              {phone && (
                <p>
                  <a href={`tel:${phone.replace(/[^+\d]/g, '')}`} className={linkClass}>
                    {phone}
                  </a>
                </p>
              )}
              {email && (
                <p>
                  <a href={`mailto:${email}`} className={linkClass}>
                    {email}
                  </a>
                </p>
              )}
            </div>
            <p>
              <Link to={paths.grievanceOfficer} className={linkClass}>
                Grievance Officer
              </Link>
            </p>
          </address>
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="text-lg font-semibold text-white">
            Store Hours
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-stone-300">
            <dt>Monday to Saturday</dt>
            <dd>9:00 AM to 8:00 PM</dd>
            <dt>Sunday</dt>
            <dd>10:00 AM to 6:00 PM</dd>
          </dl>
        </section>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-lg font-semibold text-white">
            <Link to={paths.legal} className="hover:underline">
              Legal
            </Link>
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {LEGAL_PAGES.map((p) => (
              <li key={p.to}>
                <Link to={p.to} className={linkClass}>
                  {p.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-stone-800 px-4 py-4 text-center text-xs text-stone-400">
        <p>
          © {new Date().getFullYear()} {STORE_NAME}. All rights reserved.
        </p>
        {business?.legal_name && (
          <p className="mt-1" data-testid="footer-seller">
            Sold by {business.legal_name}
            {business.registered_address && `, ${business.registered_address}`}
            {business.gstin && (
              <>
                {' '}
                · GSTIN <span className="font-mono">{business.gstin}</span>
              </>
            )}
          </p>
        )}
      </div>
    </footer>
  );
}
