import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import type { ReturnFormValues } from '@/features/orders/return-schema';

/**
 * A Cash on Delivery order has no card or UPI account to refund to: the shopper names a UPI ID or a
 * bank account, and the refund is paid out to it (checked here and again by request_return).
 */
export function RefundAccountFields({ form }: { form: UseFormReturn<ReturnFormValues> }) {
  const { register, formState } = form;
  const to = useWatch({ control: form.control, name: 'refundTo' });
  const errors = formState.errors;
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold">Refund to</legend>
      <p className="text-sm text-stone-600">
        You paid cash on delivery, so we pay the refund into your UPI ID or bank account.
      </p>
      <div className="flex flex-wrap gap-4">
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="upi" {...register('refundTo')} /> UPI ID
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="bank" {...register('refundTo')} /> Bank account
        </label>
      </div>
      {to === 'upi' ? (
        <Field
          label="UPI ID"
          placeholder="name@okaxis"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.upiId?.message}
          {...register('upiId')}
        />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Account holder"
            autoComplete="name"
            error={errors.accountName?.message}
            {...register('accountName')}
          />
          <Field
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            error={errors.accountNumber?.message}
            {...register('accountNumber')}
          />
          <Field
            label="IFSC"
            placeholder="HDFC0001234"
            autoCapitalize="characters"
            autoComplete="off"
            error={errors.ifsc?.message}
            {...register('ifsc')}
          />
        </div>
      )}
    </fieldset>
  );
}
