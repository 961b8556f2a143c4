import { API } from './admin';

/** One message of supabase-local's mailbox, where Auth's e-mails are kept instead of sent. */
export interface Mail {
  to: string;
  subject: string;
  kind: string;
  action_url: string | null;
  redirect_to: string | null;
}

/** The newest mail Auth "sent" to this address, or null (GET /auth/v1/mailbox/messages.json). */
export async function latestMail(to: string): Promise<Mail | null> {
  const res = await fetch(`${API}/auth/v1/mailbox/messages.json?to=${encodeURIComponent(to)}&limit=1`);
  if (!res.ok) throw new Error(`mailbox → ${res.status}: ${await res.text()}`);
  const { messages } = (await res.json()) as { messages: Mail[] };
  return messages[0] ?? null;
}
