import { apiKeys } from '../../../supabase-local/src/keys.ts';
import { API } from './admin';

const keys = apiKeys({});

/** A REST call to the e2e server with a user's token (the service role's when none). */
export async function rest<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const res = await fetch(`${API}${path}`, {
    ...init,
    headers: {
      apikey: init.token ? keys.anonKey : keys.serviceRoleKey,
      Authorization: `Bearer ${init.token ?? keys.serviceRoleKey}`,
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status}: ${text}`);
  return (text === '' ? null : JSON.parse(text)) as T;
}
