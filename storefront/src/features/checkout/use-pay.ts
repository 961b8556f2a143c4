import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { STORE_NAME } from 'shared/config';
import { toAppError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import {
  createRazorpayOrder,
  placeOrder,
  verifyRazorpayPayment,
  type PlacedOrder,
} from '@/features/checkout/api/checkout';
import { razorpayConfig } from '@/features/checkout/config';
import type { PaymentState } from '@/features/checkout/payment-state';
import { loadRazorpay } from '@/features/checkout/razorpay-script';

export const SDK_FAILED = 'Razorpay SDK failed to load. Are you online?';
export const PAYMENT_FAILED = 'Payment failed. Please try again.';

/** How a refused line is marked in the summary: not deliverable to the pincode, or not in stock as asked. */
function lineProblemText(detail: string | undefined): string {
  return detail === 'item_not_deliverable'
    ? 'Cannot be delivered to this pincode'
    : 'Not available in this quantity';
}

/**
 * Confirm Order (cash on delivery) and Pay (Razorpay). One click at a time (the ref, not only the
 * disabled button, guards a double click), and the checkout's idempotency key makes a retry return
 * the same order. The cart empties once the order exists; an unpaid online order can be paid again
 * from this page (same order, same Razorpay order) until it is released. `onOrderPlaced` runs once
 * the order exists (the route empties the cart there: features do not reach into each other).
 */
export function usePay(state: PaymentState, onOrderPlaced: () => void) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The line place_order refused for its stock, availability or delivery (the variant id in its hint),
  // with the words to mark it by.
  const [lineProblem, setLineProblem] = useState<{ variantId: number; text: string } | undefined>(undefined);
  const inFlight = useRef(false);

  const fail = (message: string, problem?: { variantId: number; text: string }) => {
    setError(message || null);
    setLineProblem(problem);
    if (message) toast.error(message);
    inFlight.current = false;
    setBusy(false);
  };

  const confirmed = (order: PlacedOrder) =>
    navigate(`/order-confirmation?order=${encodeURIComponent(order.order_number)}`, { replace: true });

  const place = async () => {
    const order = await placeOrder({
      items: state.items,
      address: state.address,
      method: state.method,
      promoCode: state.promoCode,
      idempotencyKey: state.idempotencyKey,
      buyerGstin: state.buyerGstin,
      buyerLegalName: state.buyerLegalName,
    });
    onOrderPlaced();
    return order;
  };

  const payOnline = async () => {
    const Razorpay = await loadRazorpay(razorpayConfig.checkoutUrl);
    if (!Razorpay) return fail(SDK_FAILED);
    const order = await place();
    const rzp = await createRazorpayOrder(order.id);
    const a = state.address;
    const checkout = new Razorpay({
      key: razorpayConfig.keyId,
      amount: rzp.amount,
      currency: rzp.currency,
      name: STORE_NAME,
      description: `Order ${order.order_number}`,
      order_id: rzp.razorpay_order_id,
      prefill: { name: a.fullName, email: a.email, contact: a.phone },
      notes: { order_number: order.order_number },
      theme: { color: razorpayConfig.themeColor },
      handler: (response) => {
        verifyRazorpayPayment(order.id, response).then(
          () => confirmed(order),
          () => fail(PAYMENT_FAILED),
        );
      },
      // Closing the modal leaves the order unpaid; the shopper may press Pay again.
      modal: { ondismiss: () => fail('') }, // no message: nothing went wrong
    });
    checkout.on('payment.failed', () => fail(PAYMENT_FAILED));
    checkout.open();
  };

  const submit = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    setLineProblem(undefined);
    try {
      if (state.method === 'cod') confirmed(await place());
      else await payOnline();
    } catch (e) {
      const appError = toAppError(e);
      fail(
        appError.userMessage,
        appError.variantId === undefined
          ? undefined
          : { variantId: appError.variantId, text: lineProblemText(appError.detail) },
      );
    }
  };

  return { submit, busy, error, lineProblem };
}
