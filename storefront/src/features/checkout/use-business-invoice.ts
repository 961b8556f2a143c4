import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { gstinSchema, type BuyerGstin, type GstinInput } from 'shared/gst/gstin';

export const GSTIN_NEEDED = 'Please enter your GSTIN, or untick “Add GSTIN for a business invoice”.';
const NO_GSTIN: BuyerGstin = { buyerGstin: null, buyerLegalName: null };

/**
 * Checkout's optional business invoice: a GSTIN and the registered business name, checked with the
 * same rule as the database (shared/gst/gstin `gstinSchema`; place_order refuses what it refuses).
 * Checked on leaving a field, then as it is typed; the GSTIN also as soon as it has its 15 characters.
 */
export function useBusinessInvoice() {
  const [open, setOpen] = useState(false);
  const form = useForm<GstinInput, unknown, BuyerGstin>({
    resolver: zodResolver(gstinSchema),
    mode: 'onTouched',
    defaultValues: { buyerGstin: '', buyerLegalName: '' },
  });

  /** place_order's buyer_gstin and buyer_legal_name, or null after showing what is wrong (focused). */
  const read = async (): Promise<BuyerGstin | null> => {
    if (!open) return NO_GSTIN;
    if (!form.getValues('buyerGstin')?.trim()) {
      form.setError('buyerGstin', { message: GSTIN_NEEDED }, { shouldFocus: true });
      return null;
    }
    let buyer: BuyerGstin | null = null;
    await form.handleSubmit((values) => {
      buyer = values;
    })();
    return buyer;
  };

  return { open, setOpen, form, read };
}

export type BusinessInvoice = ReturnType<typeof useBusinessInvoice>;
