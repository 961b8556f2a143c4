import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { BusinessDetails, ReturnTerms } from '@/features/store/api/store-settings';
import { EmailLink, PhoneLink } from '@/features/store/components/business-details-list';
import { LegalSection } from '@/features/store/components/legal-page';

const linkClass = 'font-medium text-amber-800 underline';

/**
 * The return, refund and cancellation policy as the store runs it: cancel_order until the order
 * ships (a paid online order is refunded in full, automatically), returns requested from Order
 * History within the window (store_settings.return_window_days, or the product's own) with a pickup
 * slot, refunds to the original payment method (Razorpay) or, for Cash on Delivery, paid out to the
 * UPI ID or bank account given in the return form; a credit note for every refunded return. Keep it
 * in agreement with features/contact/faq.ts and the terms.
 */
export function ReturnsPolicy({ business: b, terms }: { business: BusinessDetails; terms: ReturnTerms }) {
  const days = terms.return_window_days;
  return (
    <>
      <LegalSection title="Cancelling an order">
        <p>
          You can cancel an order yourself until it ships: open{' '}
          <Link to={paths.profile} className={linkClass}>
            Profile
          </Link>{' '}
          → Order History and press Cancel Order. Once an order has shipped it can no longer be cancelled; you
          can return it after delivery instead.
        </p>
        <p>
          If you paid online, the full amount is refunded automatically to the card, UPI or bank account you
          paid from, usually within 5–7 working days. A Cash on Delivery order costs you nothing to cancel.
        </p>
      </LegalSection>
      <LegalSection title="Returns">
        <p data-testid="returns-window">
          You can return any item within {days} days of delivery, in its original condition, unless its
          product page gives it another window or says it is not returnable.
        </p>
        <p>
          To return an item, open{' '}
          <Link to={`${paths.profile}?tab=orders`} className={linkClass}>
            Profile → Order History
          </Link>
          : each delivered item shows until when it can go back. Press Return or replace, choose the items and
          quantities, the reason (with photos if the item arrived damaged, does not work, is not as described
          or is the wrong one), a refund or a replacement, and a pickup slot (any day but Sunday, in the
          morning, afternoon or evening). We collect the item from your delivery address; you can cancel the
          return until it is picked up. Your order history shows each step.
        </p>
        <p>
          Made-to-order pieces and products marked not returnable cannot be returned because you changed your
          mind, but if they arrive damaged, defective, not as described or are the wrong item, report it
          within the same window and we replace or refund them.
        </p>
      </LegalSection>
      <LegalSection title="Refunds">
        <p data-testid="refund-terms">
          Once the item is picked up and checked, we refund what you paid for it, with its share of any
          discount, to your original payment method within 5–7 working days of the pickup. For Cash on
          Delivery orders we pay the refund into the UPI ID or bank account you give in the return form. Order
          History shows when the refund is initiated and when it is credited, with the bank&apos;s reference.
          We issue a credit note against your tax invoice for every refunded return.
        </p>
        {b.customer_care_email && (
          <p>
            Questions about a return or refund: <EmailLink email={b.customer_care_email} />
            {b.customer_care_phone && (
              <>
                {' '}
                or <PhoneLink phone={b.customer_care_phone} />
              </>
            )}
            .
          </p>
        )}
      </LegalSection>
      <LegalSection title="Warranty">
        <p>Every product carries a 1-year warranty against manufacturing defects.</p>
      </LegalSection>
    </>
  );
}
