import { z } from 'zod';
import { phoneSchema } from './phone.ts';

/** The spec's message when any shipping field is left empty (section 5, checkout submit). */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields.';

/**
 * The checkout's shipping address (spec: fullName, email, phone, address, city, state, pincode), with
 * the rules place_order and the orders table check: an Indian 10-digit mobile (normalised as the
 * database does) and a 6-digit pincode that does not start with 0.
 */
export const shippingAddressSchema = z.object({
  fullName: z.string().trim().min(1, 'Full name is required').max(100, 'Full name is too long'),
  email: z.string().trim().min(1, 'Email is required').email('Enter a valid email address').max(254),
  phone: phoneSchema,
  address: z.string().trim().min(1, 'Address is required').max(500, 'Address is too long'),
  city: z.string().trim().min(1, 'City is required').max(100, 'City is too long'),
  state: z.string().trim().min(1, 'State is required').max(100, 'State is too long'),
  pincode: z
    .string()
    .trim()
    .min(1, 'Pincode is required')
    .regex(/^[1-9][0-9]{5}$/, 'Enter a 6-digit pincode'),
});
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

/** True when a field is blank: the form then shows the spec's one message rather than per-field ones. */
export function hasMissingField(values: Partial<Record<keyof ShippingAddressInput, string>>): boolean {
  return (Object.keys(shippingAddressSchema.shape) as (keyof ShippingAddressInput)[]).some(
    (k) => !values[k]?.trim(),
  );
}
