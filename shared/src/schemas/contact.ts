import { z } from 'zod';
import { normalizePhone, PHONE_MESSAGE } from './phone.ts';

/** The contact form: name, email, subject and message required; phone optional (but valid if given). */
export const contactMessageSchema = z.object({
  fullName: z.string().trim().min(1, 'Full name is required').max(100, 'Full name is too long'),
  email: z.string().trim().min(1, 'Email is required').email('Enter a valid email address'),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[6-9][0-9]{9}$/.test(normalizePhone(v)), PHONE_MESSAGE)
    .transform((v) => (v === '' ? null : normalizePhone(v))),
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject is too long'),
  message: z.string().trim().min(1, 'Message is required').max(5000, 'Message is too long'),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;
