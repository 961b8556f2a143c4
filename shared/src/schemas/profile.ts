import { z } from 'zod';
import { phoneSchema } from './phone.ts';

export const profileSchema = z.object({
  fullName: z.string().trim().min(1, 'Full name is required').max(100, 'Full name is too long'),
  phone: phoneSchema,
});
export type ProfileInput = z.input<typeof profileSchema>;

/** A saved shipping address, with the database's rules (addresses table checks). */
export const addressSchema = z.object({
  fullName: z.string().trim().min(1, 'Full name is required').max(100),
  phone: phoneSchema,
  address: z.string().trim().min(1, 'Address is required').max(500),
  city: z.string().trim().min(1, 'City is required').max(100),
  state: z.string().trim().min(1, 'State is required').max(100),
  pincode: z
    .string()
    .trim()
    .regex(/^[1-9][0-9]{5}$/, 'Enter a 6-digit pincode'),
});
export type AddressInput = z.input<typeof addressSchema>;
