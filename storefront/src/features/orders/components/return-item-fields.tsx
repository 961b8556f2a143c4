import { nameWithVariant } from 'shared/catalog/variant-title';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { SelectField } from '@/components/ui/select-field';
import type { ReturnOption, ReturnReason } from '@/features/orders/api/returns';
import { NOT_RETURNABLE_TEXT } from '@/features/orders/return-line';
import type { ReturnFormValues } from '@/features/orders/return-schema';

/**
 * The lines that may go back: a checkbox each, then the quantity (up to what is still returnable)
 * and the reason. A non-returnable line (made to order, or marked so) offers only the store-fault
 * reasons: damaged, defective, not as described, wrong item.
 */
export function ReturnItemFields({
  form,
  options,
  reasons,
}: {
  form: UseFormReturn<ReturnFormValues>;
  options: readonly ReturnOption[];
  reasons: readonly ReturnReason[];
}) {
  const { register, formState } = form;
  const items = useWatch({ control: form.control, name: 'items' });
  const listError = formState.errors.items?.root?.message ?? formState.errors.items?.message;
  return (
    <fieldset className="space-y-4" aria-describedby={listError ? 'return-items-error' : undefined}>
      <legend className="text-lg font-semibold">Items to return</legend>
      {listError && (
        <p id="return-items-error" className="text-sm text-red-700">
          {listError}
        </p>
      )}
      {options.map((o, i) => {
        const errors = formState.errors.items?.[i];
        const name = nameWithVariant(o.product_name, o.variant_title);
        const offered = o.returnable ? reasons : reasons.filter((r) => r.store_fault);
        return (
          <div key={o.order_item_id} className="rounded-lg border border-stone-200 p-3">
            <label className="flex items-start gap-2">
              <input type="checkbox" className="mt-1 size-4" {...register(`items.${i}.selected`)} />
              <span>
                <span className="font-medium">{name}</span>
                <span className="block text-sm text-stone-600">
                  {o.returnable_quantity} of {o.quantity} can be returned
                </span>
                {!o.returnable && <span className="block text-sm text-stone-700">{NOT_RETURNABLE_TEXT}</span>}
              </span>
            </label>
            {items[i]?.selected && (
              <div className="mt-3 grid gap-3 sm:grid-cols-[8rem_1fr]">
                <SelectField
                  label={
                    <>
                      Quantity<span className="sr-only"> of {name}</span>
                    </>
                  }
                  error={errors?.quantity?.message}
                  {...register(`items.${i}.quantity`)}
                >
                  {Array.from({ length: o.returnable_quantity }, (_, n) => (
                    <option key={n + 1} value={String(n + 1)}>
                      {n + 1}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label={
                    <>
                      Reason<span className="sr-only"> for {name}</span>
                    </>
                  }
                  error={errors?.reason?.message}
                  {...register(`items.${i}.reason`)}
                >
                  <option value="">Choose a reason</option>
                  {offered.map((r) => (
                    <option key={r.code} value={r.code}>
                      {r.label}
                    </option>
                  ))}
                </SelectField>
              </div>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
