import { Link } from 'react-router-dom';
import { DELIVERY_FEE, FREE_DELIVERY_THRESHOLD } from 'shared/pricing/delivery';
import { formatINR } from 'shared/pricing/format';
import { paths } from '@/config/paths';
import type { ShippingTerms } from '@/features/store/api/store-settings';
import { LegalSection } from '@/features/store/components/legal-page';
import { clockText, closedWeekdaysText } from '@/features/store/policy-text';

/**
 * The shipping policy as the store applies it (supabase/README.md, Delivery by pincode): the default
 * zone's fee rule from shared/pricing/delivery, and the COD cap, cut-off and closed weekdays from
 * store_settings. Other zones' fees and dates are check_delivery's, shown before payment.
 */
export function ShippingPolicy({ terms }: { terms: ShippingTerms }) {
  const closed = closedWeekdaysText(terms.non_delivery_weekdays);
  return (
    <>
      <LegalSection title="Where we deliver">
        <p>
          We deliver to most pincodes in India. Enter your pincode under Check delivery on a product page, in
          your cart or at checkout: it tells you whether we deliver there, the dates we promise, the delivery
          fee and whether Cash on Delivery is offered. A few places cannot take large items such as sofas,
          beds and wardrobes; we say so before you order.
        </p>
      </LegalSection>
      <LegalSection title="Delivery fee">
        <p data-testid="shipping-fee-rule">
          Standard delivery costs {formatINR(DELIVERY_FEE)}, and is free on orders of{' '}
          {formatINR(FREE_DELIVERY_THRESHOLD)} or more. Some remote areas have their own fee, which Check
          delivery and the checkout show before you pay: the fee at checkout is the fee you pay.
        </p>
        <p>
          Prices and the delivery fee include GST. The fee is part of the value of the goods and is taxed at
          the goods&apos; rate (CGST Act, 2017, section 15(2)(c)).
        </p>
      </LegalSection>
      <LegalSection title="Delivery time">
        <p>
          Standard delivery takes 5–7 working days, and less in metro cities. We count from the day we start
          on your order: an order placed before {clockText(terms.order_cutoff)} (India time) on a working day
          is processed that day, a later one from the next working day.
          {closed && ` We do not deliver on ${closed} or on public holidays.`} Made-to-order pieces add the
          making time shown on their product page.
        </p>
        <p>
          Your order confirmation, the{' '}
          <Link to={paths.trackOrder} className="font-medium text-amber-800 underline">
            Track Order
          </Link>{' '}
          page and our e-mails show the dates we promised for your order.
        </p>
      </LegalSection>
      <LegalSection title="Cash on Delivery">
        <p data-testid="shipping-cod-cap">
          Cash on Delivery is available for orders up to {formatINR(terms.cod_max_order_total)}, where the
          pincode allows it. Check delivery says whether it does.
        </p>
      </LegalSection>
    </>
  );
}
