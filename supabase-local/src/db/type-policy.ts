/**
 * How values come back, the same from PGlite and node-postgres (documented in ./types.ts).
 *
 * Both drivers already parse numbers, booleans, json and timestamptz alike. They differ (or lose
 * information) on the types below, so both implementations return these as the Postgres text:
 * - int8 / numeric / money: a JS number would silently round (PGlite parses int8 as a number);
 *   PostgREST's JSON keeps them exact, and so do we.
 * - date: node-postgres turns it into a Date at *local* midnight, PGlite at UTC midnight.
 * - timestamp (without zone): local time in node-postgres, UTC in PGlite; the text is unambiguous.
 * - time, timetz, interval: node-postgres makes an object of an interval; text is what SQL wrote.
 */
export const TEXT_TYPE_OIDS: readonly number[] = [
  20, // int8
  1700, // numeric
  790, // money
  1082, // date
  1083, // time
  1114, // timestamp
  1266, // timetz
  1186, // interval
];

/** The array types of TEXT_TYPE_OIDS (node-postgres needs them listed; PGlite derives them). */
export const TEXT_ARRAY_TYPE_OIDS: readonly number[] = [1016, 1231, 791, 1182, 1183, 1115, 1270, 1187];

/** The session search_path of Supabase's `postgres` role (`"$user", public, extensions`). */
export const DEFAULT_SEARCH_PATH = '"$user", public, extensions';
