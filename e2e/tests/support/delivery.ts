import { apiKeys } from '../../../supabase-local/src/keys.ts';
import { API } from './admin';

const keys = apiKeys({});

/** check_delivery's answer, as the storefront reads it (the parts the journeys assert). */
export interface DeliveryAnswer {
  serviceable: boolean;
  message: string | null;
  delivery_from: string | null;
  delivery_to: string | null;
  fee: number | null;
  cod: { available: boolean; message: string | null };
  items: { variant_id: number; deliverable: boolean; message: string | null }[];
}

/** Asks check_delivery as a visitor would (anon key), for products by id (their default variants). */
export async function checkDelivery(
  pincode: string,
  items: { product_id: number; quantity: number }[] = [],
): Promise<DeliveryAnswer> {
  const res = await fetch(`${API}/rest/v1/rpc/check_delivery`, {
    method: 'POST',
    headers: {
      apikey: keys.anonKey,
      Authorization: `Bearer ${keys.anonKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ pincode, items }),
  });
  if (!res.ok) throw new Error(`check_delivery → ${res.status}: ${await res.text()}`);
  return (await res.json()) as DeliveryAnswer;
}

/** A product of the seeded catalog by its exact name, or the first in stock that `filter` (PostgREST) picks. */
export async function findProduct(filter: string): Promise<{ id: number; name: string; price: number }> {
  const res = await fetch(`${API}/rest/v1/products?select=id,name,price&${filter}&order=id&limit=1`, {
    headers: { apikey: keys.anonKey },
  });
  const [row] = (await res.json()) as { id: number; name: string; price: number }[];
  if (!row) throw new Error(`no product for ${filter}`);
  return row;
}

const parts = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** 'Thu 4 Dec' (or 'Thu 4 Dec 2026'): how a shopper reads one of check_delivery's IST dates. */
export function dayText(day: string, withYear = false): string {
  const p = parts.formatToParts(new Date(`${day}T12:00:00Z`));
  const get = (t: Intl.DateTimeFormatPartTypes) => p.find((x) => x.type === t)!.value;
  return `${get('weekday')} ${get('day')} ${get('month')}${withYear ? ` ${get('year')}` : ''}`;
}

/** 'Thu 4 Dec – Mon 8 Dec' from an answer's dates (one date when they are the same day). */
export function rangeText(answer: DeliveryAnswer, withYear = false): string {
  const from = dayText(answer.delivery_from!, withYear);
  const to = dayText(answer.delivery_to!, withYear);
  return from === to ? from : `${from} – ${to}`;
}
