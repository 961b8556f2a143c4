import { STORE_NAME } from 'shared/config';
import { FREE_DELIVERY_THRESHOLD } from 'shared/pricing/delivery';
import { formatINR } from 'shared/pricing/format';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

const quickLinks = [
  { label: 'Sofas', to: paths.category('sofas') },
  { label: 'Chairs', to: paths.category('chairs') },
  { label: 'Tables', to: paths.category('tables') },
  { label: 'Beds', to: paths.category('beds') },
  { label: 'Track Order', to: paths.trackOrder },
];

export function Footer() {
  return (
    <footer className="mt-16 border-t border-stone-200 bg-stone-900 text-stone-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
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
                <Link to={link.to} className="text-stone-300 hover:text-white hover:underline">
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
            <p>12 MG Road, Bengaluru, Karnataka 560001</p>
            <p>
              <a href="tel:+918012345678" className="hover:text-white hover:underline">
                +91 80 1234 5678
              </a>
            </p>
            <p>
              <a href="mailto:support@furnicraft.in" className="hover:text-white hover:underline">
                support@furnicraft.in
              </a>
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
      </div>
      <div className="flex flex-wrap items-center justify-center gap-4 border-t border-stone-800 py-4 text-xs text-stone-400">
        <p>
          © {new Date().getFullYear()} {STORE_NAME}. All rights reserved.
        </p>
        <Link to={paths.privacy} className="hover:text-white hover:underline">
          Privacy Policy
        </Link>
        <Link to={paths.terms} className="hover:text-white hover:underline">
          Terms of Service
        </Link>
      </div>
    </footer>
  );
}
