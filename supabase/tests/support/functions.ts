/**
 * Calling the store's Edge Functions and the Razorpay sandbox from the payment tests.
 */
import { createHmac } from 'node:crypto';
import { LOCAL_RAZORPAY_KEY_ID, LOCAL_RAZORPAY_KEY_SECRET, type TestServer } from 'supabase-local/testing';

/** POST /functions/v1/<name> as the apps do: the anon key, and the user's JWT when there is one. */
export function postFunction(
  s: TestServer,
  name: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${s.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      apikey: s.anonKey,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** HTTP basic auth, as Razorpay's API takes its key id and secret. */
export const basicAuth = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** The sandbox's own key id and secret. */
export const SANDBOX_AUTH = basicAuth(LOCAL_RAZORPAY_KEY_ID, LOCAL_RAZORPAY_KEY_SECRET);

/** Razorpay's signatures: HMAC-SHA256, hex. */
export const hmac = (msg: string, secret: string) => createHmac('sha256', secret).update(msg).digest('hex');
