import { apiKeys } from '../../../supabase-local/src/keys.ts';
import { API } from './admin';

const keys = apiKeys({});

/** A request to the API with the service role (bypasses RLS), answered as JSON. */
async function service(path: string, init: RequestInit = {}): Promise<unknown> {
  const res = await fetch(`${API}${path}`, {
    ...init,
    headers: {
      apikey: keys.serviceRoleKey,
      Authorization: `Bearer ${keys.serviceRoleKey}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status}: ${text}`);
  return text === '' ? null : JSON.parse(text);
}

/** One row of notification_outbox, as the tests read it. */
export interface OutboxRow {
  id: number;
  event: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

/** The order's id from its number (service role). */
export async function orderId(orderNumber: string): Promise<string> {
  const [row] = (await service(
    `/rest/v1/orders?select=id&order_number=eq.${encodeURIComponent(orderNumber)}`,
  )) as Array<{ id: string }>;
  if (!row) throw new Error(`no order ${orderNumber}`);
  return row.id;
}

/** The order's outbox rows, oldest first. */
export async function outboxOf(orderId: string): Promise<OutboxRow[]> {
  return (await service(
    `/rest/v1/notification_outbox?select=id,event,status,attempts,last_error&order_id=eq.${orderId}&order=id`,
  )) as OutboxRow[];
}

/**
 * Makes one outbox row look as the dispatcher leaves it after giving up (dead, every attempt used)
 * or after one failed try (failed, retried later), with the SMTP server's error.
 */
export async function markOutboxRow(
  id: number,
  status: 'dead' | 'failed',
  lastError: string,
): Promise<OutboxRow> {
  const [row] = (await service(`/rest/v1/notification_outbox?id=eq.${id}`, {
    method: 'PATCH',
    body: JSON.stringify({
      status,
      attempts: status === 'dead' ? 8 : 1,
      last_error: lastError,
      next_attempt_at: new Date(Date.now() + 12 * 3600_000).toISOString(),
      // whatever the every-minute dispatcher did with it meanwhile
      locked_until: null,
      sent_at: null,
      provider_id: null,
    }),
  })) as OutboxRow[];
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

/** How many outbox rows are dead, as the dashboard counts them. */
export async function deadCount(): Promise<number> {
  const res = await fetch(`${API}/rest/v1/notification_outbox?select=id&status=eq.dead`, {
    method: 'HEAD',
    headers: {
      apikey: keys.serviceRoleKey,
      Authorization: `Bearer ${keys.serviceRoleKey}`,
      Prefer: 'count=exact',
    },
  });
  const range = res.headers.get('content-range') ?? '';
  return Number(range.split('/')[1] ?? 'NaN');
}
