import type { Json } from 'shared/types/database';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { SelectField } from '@/components/ui/select-field';
import { PICKUP_WINDOWS } from '@/features/orders/return-pickup';
import type { ReturnFormValues } from '@/features/orders/return-schema';
import { shortDay } from '@/lib/delivery-dates';

// The order's shipping address as place_order stored it (jsonb): read, not assumed.
const addressSchema = z.object({
  fullName: z.string(),
  phone: z.string().optional(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
});

/** Where the pickup is from (the order's shipping address, which request_return copies) and when. */
export function PickupFields({
  form,
  address,
  dates,
}: {
  form: UseFormReturn<ReturnFormValues>;
  address: Json;
  dates: readonly string[];
}) {
  const { register, formState } = form;
  const parsed = addressSchema.safeParse(address);
  const windowError = formState.errors.pickupWindow?.message;
  return (
    <fieldset className="space-y-3">
      <legend className="text-lg font-semibold">Pickup</legend>
      {parsed.success && (
        <div className="text-sm" data-testid="pickup-address">
          <p className="font-medium">From your delivery address</p>
          <address className="text-stone-700 not-italic">
            {parsed.data.fullName}
            <br />
            {parsed.data.address}, {parsed.data.city}, {parsed.data.state} {parsed.data.pincode}
            {parsed.data.phone && (
              <>
                <br />
                {parsed.data.phone}
              </>
            )}
          </address>
        </div>
      )}
      <SelectField
        label="Pickup date"
        error={formState.errors.pickupDate?.message}
        {...register('pickupDate')}
      >
        <option value="">Choose a date</option>
        {dates.map((d) => (
          <option key={d} value={d}>
            {shortDay(d)}
          </option>
        ))}
      </SelectField>
      <div
        role="radiogroup"
        aria-labelledby="pickup-window-label"
        aria-describedby={windowError ? 'pickup-window-error' : undefined}
      >
        <p id="pickup-window-label" className="text-sm font-medium text-stone-800">
          Pickup time
        </p>
        <div className="mt-1 flex flex-wrap gap-2">
          {PICKUP_WINDOWS.map((w) => (
            <label
              key={w.value}
              className="flex items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm has-[:checked]:border-amber-800 has-[:checked]:bg-amber-50"
            >
              <input type="radio" value={w.value} {...register('pickupWindow')} />
              {w.label}
            </label>
          ))}
        </div>
        {windowError && (
          <p id="pickup-window-error" className="mt-1 text-sm text-red-700">
            {windowError}
          </p>
        )}
      </div>
      <p className="text-sm text-stone-600">No pickups on Sundays. Keep the item packed, with its parts.</p>
    </fieldset>
  );
}
