import { describe, expect, it } from 'vitest';
import {
  documentFileStem,
  documentNumber,
  financialYear,
  financialYearStarting,
  istDate,
} from './financial-year.ts';

describe('financialYear (by the IST date)', () => {
  it('is 2026-27 / 2627 for a date in it', () => {
    expect(financialYear('2026-11-25T00:22:00Z')).toEqual({
      startYear: 2026,
      label: '2026-27',
      short: '2627',
    });
    expect(financialYear('2027-02-10T10:00:00Z').label).toBe('2026-27');
  });

  it('ends at 31 March 23:59 IST and starts again at 1 April 00:00 IST', () => {
    expect(financialYear('2026-03-31T23:59:00+05:30').label).toBe('2025-26');
    expect(financialYear('2026-03-31T23:59:59.999+05:30').label).toBe('2025-26');
    expect(financialYear('2026-04-01T00:00:00+05:30').label).toBe('2026-27');
  });

  it('takes 2026-03-31T19:00Z as 1 April in India (00:30 IST)', () => {
    expect(istDate('2026-03-31T19:00:00Z')).toBe('2026-04-01');
    expect(financialYear('2026-03-31T19:00:00Z').short).toBe('2627');
    expect(financialYear('2026-03-31T18:29:59Z').short).toBe('2526');
  });

  it('accepts a Date and a millisecond count', () => {
    expect(financialYear(new Date(Date.UTC(2027, 3, 1, 0, 0))).label).toBe('2027-28');
    expect(financialYear(Date.UTC(2027, 2, 31, 18, 0)).label).toBe('2026-27');
  });

  it('labels the century turn', () => {
    expect(financialYearStarting(2099)).toEqual({ startYear: 2099, label: '2099-00', short: '9900' });
  });

  it('refuses an invalid instant', () => {
    expect(() => financialYear('not a date')).toThrow(RangeError);
  });
});

describe('documentNumber', () => {
  it('is prefix/fy4/6-digit serial', () => {
    expect(documentNumber('FC', '2627', 1)).toBe('FC/2627/000001');
    expect(documentNumber('FC', '2026-27', 42)).toBe('FC/2627/000042');
    expect(documentNumber('FCCN', '2627', 999_999)).toBe('FCCN/2627/999999');
  });

  it('is at most 16 characters with the longest prefix', () => {
    expect(documentNumber('FCCN', '2627', 123_456)).toHaveLength(16);
  });

  it.each([
    ['', '2627', 1],
    ['fc', '2627', 1],
    ['FC-X', '2627', 1],
    ['FCCNX', '2627', 1],
    ['FC', '26-27', 1],
    ['FC', '2627', 0],
    ['FC', '2627', 1.5],
    ['FC', '2627', 1_000_000],
  ] as const)('refuses prefix %j, year %j, serial %d', (prefix, fy, seq) => {
    expect(() => documentNumber(prefix, fy, seq)).toThrow(RangeError);
  });

  it('gives the file stem without slashes', () => {
    expect(documentFileStem('FC/2627/000001')).toBe('FC-2627-000001');
  });
});
