import { STORE_NAME } from 'shared/config';
import { DELIVERY_FEE, FREE_DELIVERY_THRESHOLD } from 'shared/pricing/delivery';
import { formatINR } from 'shared/pricing/format';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LegalPage, LegalSection } from '@/features/store/components/legal-page';
import { usePageTitle } from '@/lib/use-page-title';

const PAGES = {
  [paths.terms]: {
    title: 'Terms of Service',
    sections: [
      [
        'Orders',
        `An order is accepted when ${STORE_NAME} confirms it. Prices are in Indian rupees and include GST.`,
      ],
      [
        'Delivery',
        `Standard delivery is free on orders of ${formatINR(FREE_DELIVERY_THRESHOLD)} or more; otherwise a ${formatINR(DELIVERY_FEE)} fee applies. Some remote pincodes have their own fee, shown before you pay.`,
      ],
      ['Cancellation', 'You can cancel an order until it ships; a paid online order is refunded in full.'],
      [
        'Returns',
        'Items may be returned in their original condition within the return window counted from delivery (shown on each product page and in your order history); products marked not returnable, such as made-to-order pieces, are replaced or refunded only when damaged or defective. See Returns, refunds and cancellation.',
      ],
      ['Warranty', 'Every product carries a 1-year warranty against manufacturing defects.'],
    ],
  },
  [paths.privacy]: {
    title: 'Privacy Policy',
    sections: [
      ['What we collect', 'Your name, email, phone number and delivery addresses, and the orders you place.'],
      [
        'Why',
        'To deliver your orders, answer your messages and keep your account secure. We never sell your data.',
      ],
      [
        'Your rights',
        'You can see and correct your details in your profile, or ask us to delete your account.',
      ],
    ],
  },
} as const;

export function Component() {
  const { pathname } = useLocation();
  const page = PAGES[pathname as keyof typeof PAGES] ?? PAGES[paths.terms];
  usePageTitle(page.title, `${STORE_NAME} ${page.title}.`);
  return (
    <LegalPage title={page.title}>
      {page.sections.map(([heading, text]) => (
        <LegalSection key={heading} title={heading}>
          <p>{text}</p>
        </LegalSection>
      ))}
      {pathname === paths.terms && (
        <p className="mt-8">
          The{' '}
          <Link to={paths.legal} className="font-medium text-amber-800 underline">
            returns, shipping and seller details
          </Link>{' '}
          are part of these terms.
        </p>
      )}
    </LegalPage>
  );
}
