import type { AssignPincodesResult, LoadPincodesResult } from '@/lib/database';

/** What both pincode uploads answer (admin_assign_pincodes, admin_load_pincodes), as the preview reads it. */
export type ImportResult = AssignPincodesResult | LoadPincodesResult;

/** The counts above the preview, in the order staff read them. */
export function importCounts(result: ImportResult): { label: string; value: number }[] {
  const rows = { label: 'Rows', value: result.total };
  const unchanged = { label: 'Unchanged', value: result.unchanged };
  // errors lists at most the first 1,000: count the refused rows from the totals
  const refused = { label: 'Refused', value: refusedCount(result) };
  if ('added' in result)
    return [
      rows,
      { label: 'New', value: result.added },
      { label: 'Updated', value: result.updated },
      unchanged,
      refused,
    ];
  return [rows, { label: 'Changed', value: result.changed }, unchanged, refused];
}

/** Rows the database refused: neither a change nor already so. */
export const refusedCount = (result: ImportResult) =>
  Math.max(result.total - result.changed - result.unchanged, result.errors.length);

/** A change's side on a zone upload: the zone's name, or that the pincode is in no zone. */
export const zoneText = (zone: string | null): string => (zone === null || zone === '' ? 'No zone' : zone);

/** A change's side on a directory upload: "office, city, district, state", or New before it existed. */
export const entryText = (entry: string | null): string => (entry === null || entry === '' ? 'New' : entry);

/** "Apply 3 changes" / "Apply 1 change". */
export const applyLabel = (changed: number) =>
  `Apply ${changed.toLocaleString('en-IN')} ${changed === 1 ? 'change' : 'changes'}`;
