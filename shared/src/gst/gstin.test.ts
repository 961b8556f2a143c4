import { describe, expect, it } from 'vitest';
import {
  BUYER_GSTIN_REQUIRED_MESSAGE,
  BUYER_LEGAL_NAME_REQUIRED_MESSAGE,
  checkGstin,
  GSTIN_MESSAGES,
  gstinCheckCharacter,
  gstinProblem,
  gstinSchema,
  gstinValueSchema,
  isValidGstin,
  normalizeGstin,
} from './gstin.ts';

describe('GSTIN validation', () => {
  it.each(['27AAPFU0939F1ZV', '29AAECF1234K1ZM'])('accepts %s', (g) => {
    expect(isValidGstin(g)).toBe(true);
    expect(checkGstin(g)).toEqual({ ok: true, gstin: g });
  });

  it('computes the check character of the samples', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAECF1234K1Z')).toBe('M');
  });

  it('accepts lower case and surrounding spaces, after normalising', () => {
    expect(normalizeGstin('  29aaecf1234k1zm ')).toBe('29AAECF1234K1ZM');
    expect(checkGstin(' 27aapfu0939f1zv\t')).toEqual({ ok: true, gstin: '27AAPFU0939F1ZV' });
    expect(checkGstin('27 AAPFU 0939F 1ZV')).toEqual({ ok: true, gstin: '27AAPFU0939F1ZV' });
  });

  it.each([
    ['', 'length'],
    ['27AAPFU0939F1Z', 'length'],
    ['27AAPFU0939F1ZVV', 'length'],
    ['27AAPFU 939F1ZV', 'length'], // spaces are removed first
    ['27AAPFU.0939F1ZV', 'length'],
    ['27AAPFU0939F1Z.', 'characters'],
    ['27AAPFU0939F1Z-', 'characters'],
    ['2XAAPFU0939F1ZV', 'format'], // state code not digits
    ['27AAPF00939F1ZV', 'format'], // PAN's 5 letters
    ['27AAPFU0939F0ZV', 'format'], // entity number 0
    ['27AAPFU0939F1YV', 'format'], // 14th is not Z
    ['00AAPFU0939F1ZB', 'state_code'], // check character right, state code not
    ['40AAPFU0939F1Z7', 'state_code'],
    ['99AAPFU0939F1ZK', 'state_code'],
    ['27AAPFU0939F1ZW', 'check_character'],
    ['29AAECF1234K1ZN', 'check_character'],
    ['27AAPFU0939F2ZV', 'check_character'], // one typo elsewhere changes the check
  ] as const)('refuses %j: %s', (g, problem) => {
    expect(gstinProblem(g)).toBe(problem);
    expect(checkGstin(g)).toEqual({ ok: false, problem, message: GSTIN_MESSAGES[problem] });
  });

  it('says what is wrong in each message', () => {
    expect(GSTIN_MESSAGES.length).toBe('GSTIN must be 15 characters');
    expect(GSTIN_MESSAGES.check_character).toMatch(/check character is wrong/);
    expect(GSTIN_MESSAGES.state_code).toMatch(/state code/);
  });

  it('accepts state codes 01–38 and 97 with a right check character', () => {
    expect(isValidGstin('38AAPFU0939F1ZS')).toBe(true);
    expect(isValidGstin('97AAPFU0939F1ZO')).toBe(true);
    expect(isValidGstin('04AAPFU0939F1Z3')).toBe(true);
  });
});

describe('gstinValueSchema', () => {
  it('outputs the normalised GSTIN', () => {
    expect(gstinValueSchema.parse(' 29aaecf1234k1zm')).toBe('29AAECF1234K1ZM');
  });
  it('refuses with the problem message', () => {
    const r = gstinValueSchema.safeParse('29AAECF1234K1ZN');
    expect(r.error?.issues.map((i) => i.message)).toEqual([GSTIN_MESSAGES.check_character]);
  });
});

describe('gstinSchema (checkout: buyer GSTIN and business name, both or neither)', () => {
  const issues = (v: object) => {
    const r = gstinSchema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes neither as no business invoice', () => {
    expect(gstinSchema.parse({})).toEqual({ buyerGstin: null, buyerLegalName: null });
    expect(gstinSchema.parse({ buyerGstin: '  ', buyerLegalName: '' })).toEqual({
      buyerGstin: null,
      buyerLegalName: null,
    });
  });

  it('takes both, normalised and trimmed', () => {
    expect(
      gstinSchema.parse({ buyerGstin: '27aapfu0939f1zv ', buyerLegalName: '  Acme Interiors LLP ' }),
    ).toEqual({
      buyerGstin: '27AAPFU0939F1ZV',
      buyerLegalName: 'Acme Interiors LLP',
    });
  });

  it('asks for the name when only the GSTIN is given, and the GSTIN when only the name is', () => {
    expect(issues({ buyerGstin: '27AAPFU0939F1ZV' })).toEqual([
      `buyerLegalName: ${BUYER_LEGAL_NAME_REQUIRED_MESSAGE}`,
    ]);
    expect(issues({ buyerLegalName: 'Acme Interiors LLP' })).toEqual([
      `buyerGstin: ${BUYER_GSTIN_REQUIRED_MESSAGE}`,
    ]);
  });

  it('gives the GSTIN problem on its field', () => {
    expect(issues({ buyerGstin: '27AAPFU0939F1ZW', buyerLegalName: 'Acme' })).toEqual([
      `buyerGstin: ${GSTIN_MESSAGES.check_character}`,
    ]);
  });

  it('holds the name to 2..150 characters', () => {
    const g = '27AAPFU0939F1ZV';
    expect(issues({ buyerGstin: g, buyerLegalName: 'A' })).toEqual([
      'buyerLegalName: Business name must be 2–150 characters',
    ]);
    expect(issues({ buyerGstin: g, buyerLegalName: 'AB' })).toEqual([]);
    expect(issues({ buyerGstin: g, buyerLegalName: 'x'.repeat(150) })).toEqual([]);
    expect(issues({ buyerGstin: g, buyerLegalName: 'x'.repeat(151) })).toHaveLength(1);
  });
});
