import { Field } from '@/components/ui/field';
import type { BusinessInvoice } from '@/features/checkout/use-business-invoice';

/** "Add GSTIN for a business invoice": a checkbox that reveals the GSTIN and the registered business name. */
export function BusinessInvoiceFields({ invoice }: { invoice: BusinessInvoice }) {
  const { open, setOpen, form } = invoice;
  const { register, formState, trigger } = form;
  return (
    <fieldset className="space-y-4 rounded-xl border border-stone-200 bg-white p-5">
      <legend className="px-1 text-xl font-semibold">Business Invoice</legend>
      <label className="flex cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          checked={open}
          onChange={(e) => setOpen(e.target.checked)}
          className="size-4"
        />
        <span className="font-medium">Add GSTIN for a business invoice</span>
      </label>
      {open && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="GSTIN"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="e.g. 27AAPFU0939F1ZV"
              error={formState.errors.buyerGstin?.message}
              {...register('buyerGstin', {
                // A full-length GSTIN is checked at once (its check character catches a typing slip).
                onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
                  if (e.target.value.trim().length >= 15) void trigger('buyerGstin');
                },
              })}
            />
            <Field
              label="Registered business name"
              autoComplete="organization"
              error={formState.errors.buyerLegalName?.message}
              {...register('buyerLegalName')}
            />
          </div>
          <p className="text-sm text-stone-600">
            Your tax invoice will carry this GSTIN and name, so your business can claim the GST as input tax
            credit.
          </p>
        </>
      )}
    </fieldset>
  );
}
