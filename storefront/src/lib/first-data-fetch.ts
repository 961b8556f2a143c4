import { env } from '@/lib/env';

/**
 * supabase-js's fetch (lib/supabase.ts): a request that index.html already sent for this page
 * (lib/first-data.ts, `window.__firstData`) gets that answer, once, instead of being sent again; any
 * other goes to the network. Identical means the same address, method, body and Accept, no Prefer,
 * and the publishable key as the bearer: a signed-in shopper's request carries their own token, and
 * RLS may answer it differently, so it is never served a visitor's answer.
 */
export function takeFirstData(url: string, init: RequestInit | undefined): Promise<Response> | undefined {
  const entries = typeof window === 'undefined' ? undefined : window.__firstData;
  if (!entries?.length) return undefined;
  const headers = new Headers(init?.headers);
  if (headers.get('authorization') !== `Bearer ${env.supabaseKey}` || headers.has('prefer')) return undefined;
  const method = (init?.method ?? 'GET').toUpperCase();
  const body = typeof init?.body === 'string' ? init.body : undefined;
  if (init?.body != null && body === undefined) return undefined;
  const i = entries.findIndex(
    (e) =>
      e.url === url && e.method === method && e.body === body && (e.accept ?? null) === headers.get('accept'),
  );
  if (i < 0) return undefined;
  const [entry] = entries.splice(i, 1);
  return entry?.response;
}

/**
 * The answer index.html asked for, for a request the caller sends as a visitor (the publishable key
 * as its bearer) without supabase-js: only while no session is stored (no one has signed in since,
 * here or in another tab), so a signed-in shopper is never served a visitor's answer.
 */
export function visitorFirstData(url: string, body: string): Promise<Response> | undefined {
  if (typeof window === 'undefined' || !window.__firstData?.length || sessionStored()) return undefined;
  return takeFirstData(url, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${env.supabaseKey}` },
  });
}

function sessionStored(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++)
      if (/^sb-.+-auth-token$/.test(localStorage.key(i) ?? '')) return true;
    return false;
  } catch {
    return true;
  }
}

/** A REST answer as supabase-js gives it: its JSON as data, or PostgREST's error (toAppError reads either). */
export async function answerOf(
  response: Promise<Response>,
): Promise<{ data: unknown; error: null } | { data: null; error: unknown }> {
  try {
    const res = await response;
    const json: unknown = await res.json();
    return res.ok ? { data: json, error: null } : { data: null, error: json };
  } catch (error) {
    return { data: null, error };
  }
}

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

export const firstDataFetch: typeof fetch = (input, init) =>
  takeFirstData(urlOf(input), init) ?? fetch(input, init);
