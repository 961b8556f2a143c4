import type { PaymentMethod } from '@/features/checkout/payment-state';

interface Props {
  value: PaymentMethod;
  onChange: (m: PaymentMethod) => void;
  /**
   * Why cash on delivery is not offered (check_delivery's reason for the pincode: the zone, or the
   * cap above this total); null when it is.
   */
  codRefusal: string | null;
}

/** Card/UPI/NetBanking through Razorpay, or Cash on Delivery where it is offered (else disabled, with the reason). */
export function PaymentMethodChoice({ value, onChange, codRefusal }: Props) {
  const codBlocked = codRefusal !== null;
  return (
    <fieldset className="space-y-3 rounded-xl border border-stone-200 bg-white p-5">
      <legend className="px-1 text-xl font-semibold">Payment Method</legend>
      <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 p-3">
        <input
          type="radio"
          name="payment-method"
          value="razorpay"
          checked={value === 'razorpay'}
          onChange={() => onChange('razorpay')}
          className="mt-1"
        />
        <span>
          <span className="block font-medium">Card / UPI / NetBanking</span>
          <span className="text-sm text-stone-600">Pay securely online with Razorpay</span>
        </span>
      </label>
      <label
        className={`flex items-start gap-3 rounded-lg border border-stone-200 p-3 ${codBlocked ? 'opacity-60' : 'cursor-pointer'}`}
      >
        <input
          type="radio"
          name="payment-method"
          value="cod"
          checked={value === 'cod'}
          disabled={codBlocked}
          aria-describedby="cod-note"
          onChange={() => onChange('cod')}
          className="mt-1"
        />
        <span>
          <span className="block font-medium">Cash on Delivery</span>
          <span id="cod-note" className="text-sm text-stone-600">
            {codRefusal ?? 'Pay when your order arrives'}
          </span>
        </span>
      </label>
    </fieldset>
  );
}
