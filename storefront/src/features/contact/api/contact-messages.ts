import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from 'shared/schemas/contact';
import { toAppError } from '@/lib/errors';
import { getSupabase } from '@/lib/get-supabase';

/** Stores a message for the staff; visitors may send one but not read any (return=minimal). */
export async function sendContactMessage(m: ContactMessage) {
  const supabase = await getSupabase();
  const { error } = await supabase.from('contact_messages').insert({
    full_name: m.fullName,
    email: m.email,
    phone: m.phone,
    subject: m.subject,
    message: m.message,
  });
  if (error) throw toAppError(error);
}

export function useSendContactMessage() {
  return useMutation({
    mutationFn: sendContactMessage,
    meta: { errorMessage: 'We could not send your message. Please try again.' },
  });
}
