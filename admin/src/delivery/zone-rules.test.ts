import { describe, expect, it } from 'vitest';
import {
  codLabel,
  feeLabel,
  largeItemLabel,
  toZoneRow,
  transitLabel,
  zoneErrors,
  type ZoneFormValues,
} from '@/delivery/zone-rules';

const hills: ZoneFormValues = {
  name: ' North-East hills ',
  fee: 249,
  free_above: '',
  large_item_fee: '1500',
  delivers_large_items: true,
  transit_days_min: '8',
  transit_days_max: 12,
  cod_available: true,
  cod_max_total: '20000',
  is_active: true,
};

describe('zoneErrors', () => {
  it('accepts a complete zone, an empty threshold meaning never free', () => {
    expect(zoneErrors(hills)).toEqual({});
  });

  it('refuses a minimum above the maximum and days that are not whole', () => {
    expect(zoneErrors({ ...hills, transit_days_min: 9, transit_days_max: 7 })).toEqual({
      transit_days_max: 'The maximum must be at least the minimum.',
    });
    expect(zoneErrors({ ...hills, transit_days_min: '2.5', transit_days_max: '' })).toEqual({
      transit_days_min: 'Enter whole working days, 0 to 60.',
      transit_days_max: 'Enter whole working days, 0 to 60.',
    });
  });

  it('refuses negative or sub-paisa amounts and a missing fee, and a ₹0 COD cap', () => {
    expect(
      zoneErrors({ ...hills, fee: -1, free_above: '99.999', large_item_fee: '', cod_max_total: 0 }),
    ).toEqual({
      fee: 'Enter an amount in rupees, ₹0 or more (at most two decimals).',
      free_above: 'Enter an amount in rupees, ₹0 or more (at most two decimals).',
      large_item_fee: 'Enter an amount (0 for none).',
      cod_max_total: 'Leave it empty for no zone limit, or untick Cash on Delivery.',
    });
    expect(zoneErrors({ ...hills, fee: 'abc' }).fee).toBeDefined();
  });

  it('needs a name', () => {
    expect(zoneErrors({ ...hills, name: '   ' })).toEqual({ name: 'Give the zone a name.' });
  });
});

describe('toZoneRow', () => {
  it('sends numbers, a trimmed name and blank optional amounts as null', () => {
    expect(toZoneRow(hills)).toEqual({
      name: 'North-East hills',
      fee: 249,
      free_above: null,
      large_item_fee: 1500,
      delivers_large_items: true,
      transit_days_min: 8,
      transit_days_max: 12,
      cod_available: true,
      cod_max_total: 20000,
      is_active: true,
    });
  });

  it('drops the COD cap when COD is off', () => {
    expect(toZoneRow({ ...hills, cod_available: false }).cod_max_total).toBeNull();
  });

  it('never sends the default zone’s fee rule, and keeps it active', () => {
    const row = toZoneRow({ ...hills, is_default: true, fee: 1, free_above: 5, is_active: false });
    expect(row).not.toHaveProperty('fee');
    expect(row).not.toHaveProperty('free_above');
    expect(row).not.toHaveProperty('is_default');
    expect(row.is_active).toBe(true);
  });
});

describe('labels', () => {
  it('says fees, transit, large items and COD in rupees with Indian grouping', () => {
    expect(feeLabel({ fee: 99, free_above: 2999 })).toBe('₹99, free from ₹2,999');
    expect(feeLabel({ fee: 249, free_above: null })).toBe('₹249, never free');
    expect(feeLabel({ fee: 0, free_above: null })).toBe('₹0');
    expect(transitLabel({ transit_days_min: 5, transit_days_max: 7 })).toBe('5–7 working days');
    expect(transitLabel({ transit_days_min: 1, transit_days_max: 1 })).toBe('1 working day');
    expect(largeItemLabel({ delivers_large_items: true, large_item_fee: 1500 })).toBe('₹1,500 extra each');
    expect(largeItemLabel({ delivers_large_items: false, large_item_fee: 0 })).toBe('Not delivered');
    expect(codLabel({ cod_available: true, cod_max_total: 150000 })).toBe('Yes, up to ₹1,50,000');
    expect(codLabel({ cod_available: true, cod_max_total: null })).toBe('Yes (store limit)');
    expect(codLabel({ cod_available: false, cod_max_total: null })).toBe('No');
  });
});
