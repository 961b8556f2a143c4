import { describe, expect, it } from 'vitest';
import { AdminError, SESSION_ENDED, constraintMessage, toAdminError } from '@/lib/errors';

/** ra-data-postgrest's HttpError: PostgREST's body under `body`, the HTTP status beside it. */
function httpError(status: number, body: { code: string; message: string; details?: string | null }) {
  return Object.assign(new Error(body.message), { name: 'HttpError', status, body });
}
/** supabase-js's PostgrestError: the body's fields, no status. */
function postgrestError(code: string, message: string, details: string | null = null) {
  return Object.assign(new Error(message), { name: 'PostgrestError', code, details, hint: null });
}
/** supabase-js's AuthApiError. */
function authError(status: number, code: string | undefined, message: string, name = 'AuthApiError') {
  return Object.assign(new Error(message), { name, status, code });
}

describe('toAdminError', () => {
  it('shows a database rule (P0001) in its own words, from either client', () => {
    const rpc = toAdminError(postgrestError('P0001', 'Order ORD123 is already shipped.', 'unchanged'));
    expect(rpc).toMatchObject({
      kind: 'rule',
      code: 'P0001',
      status: 400,
      message: 'Order ORD123 is already shipped.',
    });
    const rest = toAdminError(httpError(400, { code: 'P0001', message: 'Order not found.' }));
    expect(rest).toMatchObject({ kind: 'rule', status: 400, message: 'Order not found.' });
    expect(rest).toBeInstanceOf(AdminError);
    expect(rest.signsOut).toBe(false);
  });

  it('signs staff out when the database says the admin session has expired (42501)', () => {
    const e = toAdminError(
      postgrestError(
        '42501',
        'Your admin session has expired. Please sign in again.',
        'admin_session_expired',
      ),
    );
    expect(e).toMatchObject({ kind: 'session_expired', status: 403 });
    expect(e.message).toBe('Your admin session has expired. Please sign in again.');
    expect(e.signsOut).toBe(true);
  });

  it('says sign in again, not the raw policy text, when RLS or the JWT refuses the session', () => {
    const rls = toAdminError(
      httpError(403, {
        code: '42501',
        message: 'new row violates row-level security policy for table "products"',
      }),
    );
    expect(rls).toMatchObject({ kind: 'session_expired', message: SESSION_ENDED, status: 403 });
    const jwt = toAdminError(httpError(401, { code: 'PGRST303', message: 'JWT expired' }));
    expect(jwt).toMatchObject({ kind: 'session_expired', message: SESSION_ENDED, status: 401 });
    expect(toAdminError(postgrestError('PGRST301', 'JWSError')).status).toBe(401);
  });

  it('keeps "only store staff" as forbidden, which also signs out', () => {
    const e = toAdminError(postgrestError('42501', 'Only store staff can do this.', 'not_admin'));
    expect(e).toMatchObject({ kind: 'forbidden', message: 'Only store staff can do this.', status: 403 });
    expect(e.signsOut).toBe(true);
  });

  it("shows a staff member's refusals that are not about the session as they come, without signing out", () => {
    const own = toAdminError(
      postgrestError('42501', 'You cannot change your own roles. Ask another owner.', 'own_roles'),
    );
    expect(own).toMatchObject({
      kind: 'rule',
      message: 'You cannot change your own roles. Ask another owner.',
      status: 403,
    });
    expect(own.signsOut).toBe(false);
    const role = toAdminError(
      postgrestError('42501', 'Your staff role does not allow this.', 'missing_permission'),
    );
    expect(role).toMatchObject({ kind: 'rule', message: 'Your staff role does not allow this.' });
    expect(role.signsOut).toBe(false);
    // the staff-invite function answers the database's refusal with its code and details
    const invited = toAdminError({
      message: 'You cannot change your own roles. Ask another owner.',
      code: '42501',
      status: 403,
      body: {
        message: 'You cannot change your own roles. Ask another owner.',
        code: '42501',
        details: 'own_roles',
      },
    });
    expect(invited).toMatchObject({ kind: 'rule', status: 403 });
    expect(invited.signsOut).toBe(false);
  });

  it('shows the last-owner refusal (23514) as the database words it', () => {
    const e = toAdminError(postgrestError('23514', 'The store needs at least one owner.', 'last_owner'));
    expect(e).toMatchObject({ kind: 'invalid_input', message: 'The store needs at least one owner.' });
    expect(e.signsOut).toBe(false);
  });

  it("shows the database's rate limit (PT429) as it is", () => {
    const e = toAdminError(postgrestError('PT429', 'Too many attempts. Please wait a minute and try again.'));
    expect(e).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(e.message).toBe('Too many attempts. Please wait a minute and try again.');
  });

  it('reads Auth (GoTrue) codes', () => {
    expect(
      toAdminError(authError(400, 'reauthentication_needed', 'Password update requires reauthentication')),
    ).toMatchObject({ kind: 'session_expired', message: SESSION_ENDED, code: 'reauthentication_needed' });
    expect(
      toAdminError(authError(400, undefined, 'Auth session missing!', 'AuthSessionMissingError')).kind,
    ).toBe('session_expired');
    expect(toAdminError(authError(429, 'over_request_rate_limit', 'limit')).kind).toBe('rate_limited');
    expect(toAdminError(authError(429, 'over_email_send_rate_limit', 'wait')).kind).toBe('rate_limited');
    expect(toAdminError(authError(400, 'invalid_credentials', 'Invalid login credentials')).kind).toBe(
      'invalid_credentials',
    );
    const weak = toAdminError(authError(422, 'weak_password', 'Password should be at least 8 characters.'));
    expect(weak).toMatchObject({
      kind: 'invalid_input',
      message: 'Password should be at least 8 characters.',
    });
    expect(toAdminError(authError(403, 'session_not_found', 'Session not found')).signsOut).toBe(true);
  });

  it('tells a refusal from a failure to answer', () => {
    expect(toAdminError(authError(400, undefined, 'Invalid login credentials')).kind).toBe('rejected');
    expect(toAdminError(authError(500, 'unexpected_failure', 'boom')).kind).toBe('unavailable');
    expect(toAdminError(new TypeError('Failed to fetch'))).toMatchObject({
      kind: 'unavailable',
      status: 0,
      message: 'Failed to fetch',
    });
    expect(toAdminError(authError(0, undefined, 'Failed to fetch', 'AuthRetryableFetchError')).kind).toBe(
      'unavailable',
    );
    // postgrest-js reports a network failure as an error without a code
    expect(toAdminError(postgrestError('', 'TypeError: Failed to fetch')).kind).toBe('unavailable');
    expect(
      toAdminError(postgrestError('PGRST116', 'Cannot coerce the result to a single JSON object')).kind,
    ).toBe('rejected');
  });

  it('keeps other database messages, codes and the body react-admin forms read', () => {
    const body = {
      code: '23505',
      message: 'duplicate key value violates unique constraint "products_slug_key"',
    };
    const e = toAdminError(httpError(409, body));
    expect(e).toMatchObject({
      kind: 'invalid_input',
      code: '23505',
      status: 409,
      message: body.message,
      body,
    });
  });

  it('says what to fix when a tax rate or the business details break a GST constraint', () => {
    const twice = toAdminError(
      httpError(409, {
        code: '23505',
        message: 'duplicate key value violates unique constraint "tax_rates_hsn_code_effective_from_key"',
        details: 'Key (hsn_code, effective_from)=(9403, 2026-04-01) already exists.',
      }),
    );
    expect(twice.message).toBe(
      'This HSN code already has a rate from that date: edit that row, or choose another date.',
    );
    const prefixes = toAdminError(
      httpError(400, {
        code: '23514',
        message:
          'new row for relation "store_settings" violates check constraint "store_settings_credit_note_prefix_check"',
      }),
    );
    expect(prefixes.message).toMatch(/not the invoice prefix/);
  });

  it('says what to fix for the variant constraints staff meet in the grid', () => {
    const sku = toAdminError(
      httpError(409, {
        code: '23505',
        message: 'duplicate key value violates unique constraint "product_variants_sku_key"',
        details: 'Key (lower(sku))=(fc-000123-teal) already exists.',
      }),
    );
    expect(sku).toMatchObject({ kind: 'invalid_input', code: '23505', status: 409 });
    expect(sku.message).toBe(
      'The SKU "fc-000123-teal" is already used by another variant (SKUs are unique regardless of letter case).',
    );
    // supabase-js's shape, without details: still the staff message
    expect(
      toAdminError(
        postgrestError('23505', 'duplicate key value violates unique constraint "product_variants_sku_key"'),
      ).message,
    ).toBe('This SKU is already used by another variant (SKUs are unique regardless of letter case).');
    expect(
      constraintMessage(
        postgrestError('23505', 'duplicate key value violates unique constraint "product_variants_sku_key"'),
        'Sofa-1',
      ),
    ).toBe(
      'The SKU "Sofa-1" is already used by another variant (SKUs are unique regardless of letter case).',
    );
    expect(constraintMessage(postgrestError('P0001', 'constraint "product_variants_sku_key"'))).toBeNull();
    // what the data provider throws: an AdminError keeping PostgREST's body
    const thrown = toAdminError(
      httpError(409, {
        code: '23505',
        message: 'duplicate key value violates unique constraint "product_variants_sku_key"',
      }),
    );
    expect(constraintMessage(thrown, 'sofa-1')).toBe(
      'The SKU "sofa-1" is already used by another variant (SKUs are unique regardless of letter case).',
    );
    const price = toAdminError(
      postgrestError(
        '23514',
        'new row for relation "product_variants" violates check constraint "product_variants_original_price_check"',
        'Failing row contains (…)',
      ),
    );
    expect(price).toMatchObject({ kind: 'invalid_input', status: 400 });
    expect(price.message).toMatch(/^The original price must be at least the price/);
  });

  it('shows the database rules of variants and stock in their own words', () => {
    for (const [details, message] of [
      ['variant_options_duplicate', 'Variants FC-1 and FC-2 of "Aarav Sofa" have the same options (Teal).'],
      ['stock_negative', 'Stock of FC-1 cannot go below 0 (on hand 2, change −3).'],
      ['variant_ordered', 'FC-1 has been ordered, so it cannot be deleted. Deactivate it instead.'],
    ] as const) {
      expect(toAdminError(httpError(400, { code: 'P0001', message, details }))).toMatchObject({
        kind: 'rule',
        message,
      });
    }
  });

  it('says a duplicate zone name or holiday, and the delivery checks, in staff’s words', () => {
    expect(
      toAdminError(
        httpError(409, {
          code: '23505',
          message: 'duplicate key value violates unique constraint "delivery_zones_name_key"',
          details: 'Key (lower(name))=(metro) already exists.',
        }),
      ).message,
    ).toBe('A zone named "metro" already exists (names are unique regardless of letter case).');
    expect(
      toAdminError(
        httpError(409, {
          code: '23505',
          message: 'duplicate key value violates unique constraint "delivery_holidays_pkey"',
          details: 'Key (day)=(2026-12-25) already exists.',
        }),
      ).message,
    ).toBe('2026-12-25 is already a holiday.');
    expect(
      toAdminError(
        postgrestError(
          '23514',
          'new row for relation "delivery_zones" violates check constraint "delivery_zones_transit_days_check"',
        ),
      ).message,
    ).toBe('Transit days are 0 to 60 working days, the minimum at most the maximum.');
    // the default zone's rule is the database's own message (P0001)
    const rule =
      "The default zone's fee and free-delivery threshold are the storefront's advertised rule; they change with a migration.";
    expect(
      toAdminError(httpError(400, { code: 'P0001', message: rule, details: 'default_zone_fee_rule' })),
    ).toMatchObject({ kind: 'rule', message: rule });
  });

  it('accepts strings, odd values and its own errors', () => {
    expect(toAdminError('Nope')).toMatchObject({ message: 'Nope', kind: 'unavailable' });
    expect(toAdminError(undefined).message).toBe('Unknown error');
    const e = toAdminError(postgrestError('P0001', 'x'));
    expect(toAdminError(e)).toBe(e);
  });
});
