import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { toAppError } from '@/lib/errors';
import { getSupabase } from '@/lib/get-supabase';

/**
 * check_delivery: the one rule for whether, when and at what fee a pincode is delivered to (and
 * whether cash on delivery is offered); place_order applies the same function. The product page asks
 * it for one variant, the cart and the checkout for their lines, subtotal and discount.
 */
export const deliveryKeys = {
  all: ['delivery'] as const,
  check: (input: DeliveryCheckInput) => [...deliveryKeys.all, 'check', input] as const,
};

export interface DeliveryCheckInput {
  pincode: string;
  items: { variant_id: number; quantity: number }[];
  /** null: the database prices the items itself (the product page) */
  subtotal: number | null;
  discount: number;
}

/**
 * check_delivery answers jsonb (typed `Json` by the generator): its shape is checked here, so a
 * function that changed its answer fails loudly instead of rendering undefined.
 */
const answerSchema = z.object({
  pincode: z.string(),
  serviceable: z.boolean(),
  reason: z.enum(['invalid_pincode', 'unknown_pincode', 'not_serviceable']).nullable(),
  message: z.string().nullable(),
  place: z
    .object({ city: z.string(), district: z.string(), state_code: z.string(), state: z.string() })
    .nullable(),
  zone: z.string().nullable(),
  delivery_from: z.string().nullable(),
  delivery_to: z.string().nullable(),
  fee: z.number().nullable(),
  free_above: z.number().nullable(),
  large_item_fee: z.number().nullable(),
  cod: z.object({
    available: z.boolean(),
    reason: z.string().nullable(),
    message: z.string().nullable(),
    max_total: z.number().nullable(),
  }),
  items: z.array(
    z.object({
      variant_id: z.number(),
      deliverable: z.boolean(),
      reason: z.string().nullable(),
      message: z.string().nullable(),
    }),
  ),
});
export type DeliveryQuote = z.infer<typeof answerSchema>;

async function checkDelivery(input: DeliveryCheckInput): Promise<DeliveryQuote> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('check_delivery', {
    pincode: input.pincode,
    items: input.items,
    subtotal: input.subtotal ?? undefined,
    discount: input.discount,
  });
  if (error) throw toAppError(error);
  return answerSchema.parse(data);
}

export const deliveryQueries = {
  /**
   * Cached for a minute (the dates move at the cut-off, not faster). While the cart changes under
   * the same pincode, the last answer stays on screen until the new one comes (no flash of the
   * default fee); a new pincode never shows the old pincode's answer.
   */
  check: (input: DeliveryCheckInput) =>
    queryOptions({
      queryKey: deliveryKeys.check(input),
      queryFn: () => checkDelivery(input),
      staleTime: 60 * 1000,
      placeholderData: (previous: DeliveryQuote | undefined) =>
        previous?.pincode === input.pincode.trim() ? previous : undefined,
    }),
};
