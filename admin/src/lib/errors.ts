/**
 * The console's one error mapper. Whatever failed (the data provider's PostgREST answer, a
 * supabase-js RPC, Auth, Storage, an Edge Function, the network), `toAdminError` returns an
 * AdminError that says what kind of failure it was and what staff are shown. Pages choose their
 * own wording from `kind` and `code` (the sign-in and password pages); everything else shows
 * `message`.
 *
 * Deliberately free of react-admin and supabase-js imports: the login chunk uses it too.
 */

export type AdminErrorKind =
  /**
   * P0001: a rule of the database refused, in words written for staff; also 42501 refusals that
   * are not about the session (own_roles: nobody changes their own roles; missing_permission: the
   * staff role does not allow it).
   */
  | 'rule'
  /** The 8-hour admin session is over, or Auth no longer accepts the session: sign in again. */
  | 'session_expired'
  /** Not staff (42501 not_admin, HTTP 403). */
  | 'forbidden'
  /** PT429 from the database's rate limits, HTTP 429, Auth's rate limits. */
  | 'rate_limited'
  /** Auth's wrong e-mail or password. */
  | 'invalid_credentials'
  /** Input the database or Auth refuses (constraints, Auth's password and e-mail rules). */
  | 'invalid_input'
  /** Any other refusal (4xx). */
  | 'rejected'
  /** No answer, or the server failed (network, 5xx, an unexpected throw). */
  | 'unavailable';

/** Shown when the session is over and the server's words are not written for staff. */
export const SESSION_ENDED = 'Your admin session has ended. Please sign in again.';

/**
 * A failure as the console handles it. `status` and `body` keep react-admin's HttpError fields, so
 * forms still read server-side validation errors and `checkError` sees the status.
 */
export class AdminError extends Error {
  override readonly name = 'AdminError';
  constructor(
    message: string,
    readonly kind: AdminErrorKind,
    /** PostgREST/Postgres SQLSTATE or PGRST code, or Auth's error code; '' when there is none. */
    readonly code: string,
    readonly status: number,
    /** The error body PostgREST or Auth sent, when there was one. */
    readonly body: unknown = null,
  ) {
    super(message);
  }

  /** True when staff must sign in again: react-admin's checkError logs out on these. */
  get signsOut(): boolean {
    return this.kind === 'session_expired' || this.kind === 'forbidden';
  }
}

/** Auth (GoTrue) error codes that mean the session is gone or too old for what was asked. */
const AUTH_SESSION_CODES = new Set([
  'bad_jwt',
  'no_authorization',
  'session_not_found',
  'session_expired',
  'refresh_token_not_found',
  'refresh_token_already_used',
  'reauthentication_needed',
  'reauthentication_not_valid',
]);
const AUTH_RATE_CODES = new Set([
  'over_request_rate_limit',
  'over_email_send_rate_limit',
  'over_sms_send_rate_limit',
]);
const AUTH_INPUT_CODES = new Set([
  'validation_failed',
  'email_address_invalid',
  'weak_password',
  'same_password',
]);
/** PostgREST's JWT errors: the token is missing, malformed or expired. */
const JWT_CODES = new Set(['PGRST301', 'PGRST302', 'PGRST303']);
/** Errors supabase-js and fetch raise when no answer came back. */
const NO_ANSWER_NAMES = new Set([
  'TypeError',
  'AuthRetryableFetchError',
  'FunctionsFetchError',
  'FunctionsRelayError',
  'StorageUnknownError',
  'AbortError',
]);

type Fields = {
  message: string;
  name: string;
  code: string;
  details: string;
  status: number;
  body: unknown;
};

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
/** A property of an error object, own or inherited (Error's message and name are not enumerable). */
const prop = (v: unknown, key: string): unknown =>
  typeof v === 'object' && v !== null ? Reflect.get(v, key) : undefined;

/** The fields every error source spells its own way: PostgrestError, HttpError, AuthError, … */
function fieldsOf(error: unknown): Fields {
  if (typeof error === 'string')
    return { message: error, name: '', code: '', details: '', status: 0, body: null };
  // ra-data-postgrest's HttpError carries PostgREST's body { code, message, details, hint }
  const body = prop(error, 'body') ?? null;
  return {
    message: text(prop(error, 'message')) || text(prop(body, 'message')) || 'Unknown error',
    name: text(prop(error, 'name')),
    code: text(prop(body, 'code')) || text(prop(error, 'code')),
    details: text(prop(body, 'details')) || text(prop(error, 'details')),
    status: num(prop(error, 'status')) || num(prop(error, 'statusCode')),
    body,
  };
}

/** 42501 refusals of staff who stay signed in: the database's words are for them. */
const STAFF_RULE_DETAILS = new Set(['own_roles', 'missing_permission']);

function kindOf({ name, code, details, status }: Fields): AdminErrorKind {
  if (code === 'P0001') return 'rule';
  if (code === '42501' && STAFF_RULE_DETAILS.has(details)) return 'rule';
  if (code === 'PT429' || AUTH_RATE_CODES.has(code)) return 'rate_limited';
  if (code === '42501') return details === 'not_admin' ? 'forbidden' : 'session_expired';
  if (JWT_CODES.has(code) || AUTH_SESSION_CODES.has(code) || name === 'AuthSessionMissingError')
    return 'session_expired';
  if (code === 'invalid_credentials') return 'invalid_credentials';
  if (AUTH_INPUT_CODES.has(code) || /^2[23]/.test(code)) return 'invalid_input';
  if (status === 429) return 'rate_limited';
  if (status === 401) return 'session_expired';
  if (status === 403) return 'forbidden';
  if (status >= 400 && status < 500) return 'rejected';
  if (status === 0 && !NO_ANSWER_NAMES.has(name) && code !== '') return 'rejected';
  return 'unavailable';
}

/** The HTTP status PostgREST answers for a code, when the error itself does not carry one. */
function statusOf(kind: AdminErrorKind, code: string): number {
  if (code === 'PT429') return 429;
  if (code === '42501') return 403;
  if (JWT_CODES.has(code)) return 401;
  if (kind === 'rule' || kind === 'invalid_input') return 400;
  return 0;
}

/**
 * Constraints whose refusal staff can meet in a form, in words for staff instead of Postgres's
 * ('new row for relation … violates check constraint …'). Keyed by constraint name, which
 * PostgREST only gives inside the message; a constraint not listed keeps the database's message.
 */
const CONSTRAINT_MESSAGES: Record<string, (value: string | null) => string> = {
  product_variants_sku_key: (sku) =>
    `${sku ? `The SKU "${sku}"` : 'This SKU'} is already used by another variant (SKUs are unique regardless of letter case).`,
  product_variants_original_price_check: () =>
    'The original price must be at least the price (or left empty for no strike-through price).',
  product_variants_price_check: () => 'The price must be more than ₹0.',
  product_variants_sku_check: () =>
    'A SKU is 1 to 40 letters, digits, ".", "_", "/" or "-", and starts with a letter or digit.',
  product_variants_lead_time_days_check: () => 'The lead time is 0 to 365 days.',
  delivery_zones_name_key: (name) =>
    `${name ? `A zone named "${name}"` : 'A zone with this name'} already exists (names are unique regardless of letter case).`,
  delivery_zones_name_check: () => 'A zone’s name is 1 to 60 characters.',
  delivery_zones_transit_days_check: () =>
    'Transit days are 0 to 60 working days, the minimum at most the maximum.',
  delivery_zones_cod_max_total_check: () =>
    'The Cash on Delivery limit must be more than ₹0 (or empty for the store’s own limit).',
  delivery_holidays_pkey: (day) => `${day ? `${day} is` : 'That day is'} already a holiday.`,
  delivery_holidays_name_check: () => 'A holiday’s name is 1 to 80 characters.',
  store_settings_non_delivery_weekdays_check: () => 'Leave at least one weekday to deliver on.',
  store_settings_gstin_check: () => 'The GSTIN is not valid (15 characters, e.g. 27AAPFU0939F1ZV).',
  store_settings_invoice_prefix_check: () => 'The invoice prefix is 1 to 4 capital letters or digits.',
  store_settings_credit_note_prefix_check: () =>
    'The credit note prefix is 1 to 4 capital letters or digits, and not the invoice prefix.',
  store_settings_legal_text_check: () =>
    'The legal name is 2 to 150 characters, the address 10 to 300, the other texts at most 100.',
  store_settings_contact_email_check: () => 'Both e-mail addresses are needed, each like name@example.in.',
  store_settings_contact_phone_check: () =>
    'Both phone numbers are needed, each 8 to 20 digits, spaces, ( ) or -.',
  tax_rates_hsn_code_effective_from_key: () =>
    'This HSN code already has a rate from that date: edit that row, or choose another date.',
  tax_rates_hsn_code_check: () => 'An HSN code is 4, 6 or 8 digits.',
  tax_rates_rate_check: () => 'The rate is a percentage from 0 to 40.',
  tax_rates_description_check: () => 'The description is 1 to 200 characters.',
  products_hsn_code_check: () => 'An HSN code is 4, 6 or 8 digits.',
  products_country_of_origin_check: () => 'The country of origin is 1 to 60 characters.',
  products_net_quantity_check: () => 'The net quantity is 1 to 60 characters, e.g. 1 N.',
};

/** The constraint a 23xxx message names, and the value of the key its details show. */
function constraintOf({ message, details, body }: Fields): { name: string; value: string | null } | null {
  // the body's message: an AdminError's own message is already staff's words
  const name = /constraint "([^"]+)"/.exec(text(prop(body, 'message')) || message)?.[1];
  if (!name) return null;
  // unique violations: 'Key (lower(sku))=(fc-1) already exists.'
  const value = /^Key \(.*\)=\((.*)\) already exists\.?$/.exec(details)?.[1] ?? null;
  return { name, value };
}

/**
 * Staff's words for a constraint the database refused with, when the console knows it. `sent` is
 * the value the caller wrote (the SKU typed in the grid), named when the refusal's details do not
 * show the key.
 */
export function constraintMessage(error: unknown, sent?: string): string | null {
  const fields = fieldsOf(error);
  if (!/^23/.test(fields.code)) return null;
  const constraint = constraintOf(fields);
  const say = constraint ? CONSTRAINT_MESSAGES[constraint.name] : undefined;
  return constraint && say ? say(constraint.value ?? sent ?? null) : null;
}

/**
 * Any failure → AdminError. The database's own messages (P0001 rules, the rate limit, the expired
 * admin session) are shown as they are: they are written for staff. A session Auth or RLS no
 * longer accepts says SESSION_ENDED. A constraint staff can meet in a form (duplicate SKU, original
 * price below the price) says what to fix (CONSTRAINT_MESSAGES). Everything else keeps its
 * message, as the console showed it.
 */
export function toAdminError(error: unknown): AdminError {
  if (error instanceof AdminError) return error;
  const fields = fieldsOf(error);
  const kind = kindOf(fields);
  const written =
    kind === 'rule' ||
    kind === 'rate_limited' ||
    (fields.code === '42501' &&
      (fields.details === 'admin_session_expired' || fields.details === 'not_admin'));
  const message =
    kind === 'session_expired' && !written
      ? SESSION_ENDED
      : kind === 'invalid_input'
        ? (constraintMessage(error) ?? fields.message)
        : fields.message;
  return new AdminError(
    message,
    kind,
    fields.code,
    fields.status || statusOf(kind, fields.code),
    fields.body,
  );
}
