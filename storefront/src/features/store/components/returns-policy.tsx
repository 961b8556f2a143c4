import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { BusinessDetails } from '@/features/store/api/store-settings';
import { EmailLink, PhoneLink } from '@/features/store/components/business-details-list';
import { LegalSection } from '@/features/store/components/legal-page';

/**
 * The return, refund and cancellation policy as the store runs it today: cancel_order lets the owner
 * cancel until the order ships, a paid online order is refunded to its source (payment_refunds), and
 * returns within 30 days of delivery (the FAQ's promise) are asked for through customer care until
 * the returns flow comes (a credit note against the invoice records each one). Keep it in agreement
 * with features/contact/faq.ts and the terms.
 */
export function ReturnsPolicy({ business: b }: { business: BusinessDetails }) {
  return (
    <>
      <LegalSection title="Cancelling an order">
        <p>
          You can cancel an order yourself until it ships: open{' '}
          <Link to={paths.profile} className="font-medium text-amber-800 underline">
            Profile
          </Link>{' '}
          → Order History and press Cancel Order. Once an order has shipped it can no longer be cancelled; you
          can return it after delivery instead.
        </p>
        <p>
          If you paid online, the full amount is refunded to the card, UPI or bank account you paid from. A
          Cash on Delivery order costs you nothing to cancel.
        </p>
      </LegalSection>
      <LegalSection title="Returns">
        <p data-testid="returns-window">
          You can return any item within 30 days of delivery, in its original condition. To return an item,
          contact our customer care with your order number and the item
          {b.customer_care_email && (
            <>
              {' '}
              (<EmailLink email={b.customer_care_email} />
              {b.customer_care_phone && (
                <>
                  , <PhoneLink phone={b.customer_care_phone} />
                </>
              )}
              )
            </>
          )}
          . We arrange the pickup and refund you once the item reaches us.
        </p>
      </LegalSection>
      <LegalSection title="Refunds">
        <p>
          You get back what you paid for the items you return, with their share of the delivery fee and of any
          discount: to the account you paid from, or for Cash on Delivery orders to a bank account or UPI ID
          you give customer care. We issue a credit note against your tax invoice for every return.
        </p>
      </LegalSection>
      <LegalSection title="Warranty">
        <p>Every product carries a 1-year warranty against manufacturing defects.</p>
      </LegalSection>
    </>
  );
}
