import { rest } from './rest';

// Helpers of the admin's delivery journeys (admin-delivery.spec.ts): what a journey changed in the
// shared database is put back, since the storefront's delivery journeys read the same zones,
// pincodes, cut-off and holidays.

export type DeliverySchedule = { order_cutoff: string; non_delivery_weekdays: number[] };

export async function deliverySchedule(): Promise<DeliverySchedule> {
  const [row] = await rest<DeliverySchedule[]>(
    '/rest/v1/store_settings?select=order_cutoff,non_delivery_weekdays',
  );
  return row!;
}

export async function setDeliverySchedule(schedule: DeliverySchedule): Promise<void> {
  await rest('/rest/v1/store_settings?id=eq.true', { method: 'PATCH', body: JSON.stringify(schedule) });
}

/** Which zone (by name) each pincode is in; null = none. */
export async function zonesOf(pincodes: string[]): Promise<Record<string, string | null>> {
  const rows = await rest<{ pincode: string; delivery_zones: { name: string } | null }[]>(
    `/rest/v1/pincodes?select=pincode,delivery_zones(name)&pincode=in.(${pincodes.join(',')})`,
  );
  return Object.fromEntries(rows.map((r) => [r.pincode, r.delivery_zones?.name ?? null]));
}

/** Puts pincodes in zones through admin_assign_pincodes (a fresh staff session's token). */
export async function assignPincodes(staffToken: string, rows: { pincode: string; zone: string }[]) {
  return rest<{ applied: boolean; errors: unknown[] }>('/rest/v1/rpc/admin_assign_pincodes', {
    method: 'POST',
    token: staffToken,
    body: JSON.stringify({ rows, dry_run: false }),
  });
}

export async function deleteZoneNamed(name: string): Promise<void> {
  await rest(`/rest/v1/delivery_zones?name=eq.${encodeURIComponent(name)}`, { method: 'DELETE' });
}

export async function deleteHolidayNamed(name: string): Promise<void> {
  await rest(`/rest/v1/delivery_holidays?name=eq.${encodeURIComponent(name)}`, { method: 'DELETE' });
}

export async function holidaysNamed(name: string): Promise<{ day: string; name: string }[]> {
  return rest(`/rest/v1/delivery_holidays?select=day,name&name=eq.${encodeURIComponent(name)}`);
}

export async function isLarge(productId: number): Promise<boolean> {
  const [row] = await rest<{ is_large: boolean }[]>(`/rest/v1/products?select=is_large&id=eq.${productId}`);
  return row!.is_large;
}

/** An order's id and the delivery dates it promised (IST calendar days). */
export async function promisedDates(
  orderNumber: string,
): Promise<{ id: string; estimated_delivery_from: string; estimated_delivery_to: string }> {
  const [row] = await rest<{ id: string; estimated_delivery_from: string; estimated_delivery_to: string }[]>(
    `/rest/v1/orders?select=id,estimated_delivery_from,estimated_delivery_to&order_number=eq.${encodeURIComponent(orderNumber)}`,
  );
  return row!;
}

/** A CSV file for an upload input. */
export const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\n')}\n`),
});
