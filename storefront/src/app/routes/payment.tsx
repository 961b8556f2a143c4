import { Lock } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useCartStore } from '@/features/cart/cart-store';
import { OrderLinesSummary } from '@/features/checkout/components/order-lines-summary';
import { readPaymentState, type PaymentState } from '@/features/checkout/payment-state';
import { usePay } from '@/features/checkout/use-pay';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  usePageTitle('Payment', 'Confirm your order and pay securely.');
  const state = readPaymentState(useLocation().state);
  if (!state) return <InvalidPaymentRequest />;
  return <Payment state={state} />;
}

function InvalidPaymentRequest() {
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-semibold">Invalid Payment Request</h1>
      <p className="mt-2 text-stone-600">We could not find the order to pay. Please check out again.</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link
          to={paths.cart}
          className="rounded-lg bg-amber-800 px-4 py-2 font-medium text-white hover:bg-amber-900"
        >
          Go to Cart
        </Link>
        <Link
          to={paths.checkout}
          className="rounded-lg border border-amber-800 px-4 py-2 font-medium text-amber-800 hover:bg-amber-50"
        >
          Back to Checkout
        </Link>
      </div>
    </section>
  );
}

function Payment({ state }: { state: PaymentState }) {
  const clearCart = useCartStore((s) => s.clear);
  const { submit, busy, error, lineProblem } = usePay(state, clearCart);
  const a = state.address;
  return (
    <section aria-labelledby="payment-title">
      <h1 id="payment-title" className="mb-6 text-3xl font-bold">
        Payment
      </h1>
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <section aria-labelledby="ship-to" className="rounded-xl border border-stone-200 bg-white p-5">
            <h2 id="ship-to" className="text-xl font-semibold">
              Shipping Address
            </h2>
            <address className="mt-2 text-sm not-italic text-stone-700">
              {a.fullName}
              <br />
              {a.address}, {a.city}, {a.state} {a.pincode}
              <br />
              {a.email} · {a.phone}
            </address>
            {state.buyerGstin && (
              <p className="mt-3 text-sm text-stone-700" data-testid="business-invoice">
                Business invoice: {state.buyerLegalName}, GSTIN{' '}
                <span className="font-mono">{state.buyerGstin}</span>
              </p>
            )}
          </section>
          <section aria-labelledby="pay-with" className="rounded-xl border border-stone-200 bg-white p-5">
            <h2 id="pay-with" className="text-xl font-semibold">
              Payment Method
            </h2>
            <p className="mt-2 text-sm">
              {state.method === 'cod' ? 'Cash on Delivery' : 'Card / UPI / NetBanking (Razorpay)'}
            </p>
            {error && (
              <div role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
                <p>{error}</p>
                {lineProblem !== undefined && (
                  <Link to={paths.cart} className="mt-1 inline-block font-medium underline">
                    Update your cart
                  </Link>
                )}
              </div>
            )}
            <button
              type="button"
              onClick={() => void submit()}
              disabled={busy}
              className="mt-4 w-full rounded-lg bg-amber-800 px-4 py-3 font-medium text-white hover:bg-amber-900 disabled:opacity-60"
            >
              {state.method === 'cod' ? 'Confirm Order' : 'Pay'}
            </button>
            <p className="mt-3 flex items-center gap-2 text-sm text-stone-600">
              <Lock aria-hidden="true" className="size-4" />
              Your payment is secure: card details go straight to Razorpay and are never stored by us.
            </p>
          </section>
        </div>
        <OrderLinesSummary
          lines={state.items}
          lineProblems={lineProblem && new Map([[lineProblem.variantId, lineProblem.text]])}
          subtotal={state.subtotal}
          deliveryFee={state.deliveryFee}
          discount={state.discount}
          total={state.total}
          tax={state.tax}
        />
      </div>
    </section>
  );
}
