import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { isAppError, toAppError } from '@/lib/errors';

const GENERIC = 'Something went wrong on our side. Please try again.';

describe('toAppError: PostgREST errors', () => {
  it.each([
    ['PGRST205', 'missing-table'],
    ['42P01', 'missing-table'],
    ['PGRST116', 'unknown'],
    ['23505', 'unknown'],
  ])('maps code %s to %s', (code, appCode) => {
    expect(toAppError({ code, message: 'raw database text' }).code).toBe(appCode);
  });

  it("shows a store rule's refusal (P0001) as the function wrote it", () => {
    const error = toAppError({
      code: 'P0001',
      message: 'Order ORD2611240000000001 has already shipped and can no longer be cancelled.',
      details: 'invalid_status_transition',
    });
    expect(error.code).toBe('refused');
    expect(error.userMessage).toBe(
      'Order ORD2611240000000001 has already shipped and can no longer be cancelled.',
    );
  });

  it("shows the store's own 42501 ('Please login to continue.') and hides Postgres's", () => {
    const own = toAppError({ code: '42501', message: 'Please login to continue.', details: 'not_signed_in' });
    expect(own).toMatchObject({ code: 'not-allowed', userMessage: 'Please login to continue.' });
    const raw = toAppError({ code: '42501', message: 'permission denied for table orders', details: null });
    expect(raw.code).toBe('not-allowed');
    expect(raw.userMessage).toBe('Please login to continue.');
    expect(raw.message).toBe('permission denied for table orders');
  });

  it('says a rate-limited call (PT429, HTTP 429) should wait a minute', () => {
    const error = toAppError({ code: 'PT429', message: 'anything the server says' });
    expect(error.code).toBe('rate-limited');
    expect(error.userMessage).toBe('Too many attempts. Please wait a minute and try again.');
  });

  it('never puts raw database text in front of the user', () => {
    const error = toAppError({ code: '23514', message: 'new row violates check constraint "x"' });
    expect(error.userMessage).toBe(GENERIC);
    expect(error.message).toBe('new row violates check constraint "x"');
  });
});

describe('toAppError: GoTrue errors', () => {
  const fallback = 'Login failed. Please check your credentials and try again.';

  it("gives wrong credentials the caller's words", () => {
    const error = toAppError(
      new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'),
      fallback,
    );
    expect(error).toMatchObject({ code: 'auth', userMessage: fallback });
  });

  it.each([
    ['email_not_confirmed', 'Please confirm your email address first: check your inbox.'],
    ['user_already_exists', 'An account with this email already exists. Please log in instead.'],
    ['over_email_send_rate_limit', 'Too many emails were sent. Please wait a minute and try again.'],
    ['over_request_rate_limit', 'Too many attempts. Please wait a minute and try again.'],
  ])('names %s in words', (code, message) => {
    expect(toAppError(new AuthApiError('raw', 400, code), fallback).userMessage).toBe(message);
  });

  it('names a weak password and a 429 without a code', () => {
    const weak = new AuthWeakPasswordError('Password is known to be weak', 422, ['pwned']);
    expect(toAppError(weak, fallback).userMessage).toMatch(/stronger password/);
    expect(toAppError({ status: 429 }, fallback).code).toBe('rate-limited');
  });

  it('recognises a failed fetch as a network error', () => {
    const auth = toAppError(new AuthRetryableFetchError('Failed to fetch', 0), fallback);
    expect(auth.code).toBe('network');
    const rest = toAppError({ code: '', message: 'TypeError: Failed to fetch' });
    expect(rest.userMessage).toMatch(/could not reach the store/);
  });
});

describe('toAppError: anything else', () => {
  it('uses the fallback, or the generic message, for what it cannot name', () => {
    expect(toAppError(undefined).userMessage).toBe(GENERIC);
    expect(toAppError(new Error('x'), 'Payment failed. Please try again.').userMessage).toBe(
      'Payment failed. Please try again.',
    );
  });

  it('is recognisable by isAppError and passes an AppError through unchanged', () => {
    const error = toAppError({ code: 'P0001', message: 'No.' });
    expect(isAppError(error)).toBe(true);
    expect(toAppError(error, 'other')).toBe(error);
    expect(isAppError(new Error('x'))).toBe(false);
    expect(isAppError('x')).toBe(false);
  });
});

describe('toAppError: stock refusals name their variant', () => {
  it.each(['out_of_stock', 'insufficient_stock', 'product_unavailable'])(
    "place_order's %s carries the variant id from its hint",
    (details) => {
      const error = toAppError({
        code: 'P0001',
        message: '"Aarav Sofa (Teal velvet / 3-seater)" is out of stock. Please remove it to continue.',
        details,
        hint: '42',
      });
      expect(error).toMatchObject({ code: 'refused', detail: details, variantId: 42 });
      expect(error.userMessage).toBe(
        '"Aarav Sofa (Teal velvet / 3-seater)" is out of stock. Please remove it to continue.',
      );
    },
  );

  it('reads no variant from other refusals or hints that are not ids', () => {
    const limit = toAppError({ code: 'P0001', message: 'At most 10', details: 'quantity_limit', hint: '7' });
    expect(limit.detail).toBe('quantity_limit');
    expect(limit.variantId).toBeUndefined();
    const odd = toAppError({ code: 'P0001', message: 'x', details: 'out_of_stock', hint: 'abc' });
    expect(odd.variantId).toBeUndefined();
    expect(
      toAppError({ code: '23505', message: 'dup', details: 'Key (sku)', hint: '1' }).detail,
    ).toBeUndefined();
  });

  it("keeps request_back_in_stock's 'in_stock' refusal as its detail", () => {
    const error = toAppError({ code: 'P0001', message: 'This is in stock now.', details: 'in_stock' });
    expect(error.detail).toBe('in_stock');
  });
});

describe("toAppError: place_order's delivery refusals", () => {
  it('names the line that cannot be delivered (item_not_deliverable, variant id in its hint)', () => {
    const error = toAppError({
      code: 'P0001',
      message:
        'Aarav 3-Seater Fabric Sofa is too large for delivery to 682555. Please remove it to continue.',
      details: 'item_not_deliverable',
      hint: '11',
    });
    expect(error).toMatchObject({ code: 'refused', detail: 'item_not_deliverable', variantId: 11 });
    expect(error.userMessage).toBe(
      'Aarav 3-Seater Fabric Sofa is too large for delivery to 682555. Please remove it to continue.',
    );
  });

  it.each([
    ['pincode_not_serviceable', 'Sorry, we do not deliver to 744101 (South Andaman) yet.'],
    ['unknown_pincode', 'We could not find pincode 999999. Please check it.'],
    ['invalid_pincode', 'Enter a valid 6-digit pincode.'],
    [
      'cod_unavailable',
      'Cash on Delivery is not available for pincode 682555. Please choose online payment.',
    ],
    ['cod_limit', 'Cash on Delivery is available for orders up to ₹50,000. Please choose online payment.'],
    ['invalid_state', 'Please choose a state from the list.'],
  ])('shows %s in the words place_order wrote for the shopper', (details, message) => {
    const error = toAppError({ code: 'P0001', message, details, hint: 'store_cap' });
    expect(error).toMatchObject({ code: 'refused', detail: details, userMessage: message });
    expect(error.variantId).toBeUndefined();
  });
});
