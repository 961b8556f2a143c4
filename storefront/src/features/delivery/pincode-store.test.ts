// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  PINCODE,
  PINCODE_STORAGE_KEY,
  pincodeDigits,
  usePincodeStore,
} from '@/features/delivery/pincode-store';

describe('pincodes as typed', () => {
  it.each([
    ['560001', '560001'],
    ['560 001', '560001'],
    ['56000a1', '560001'],
    ['5600012', '560001'],
    [' 744101 ', '744101'],
  ])('%j keeps the digits %j', (typed, digits) => {
    expect(pincodeDigits(typed)).toBe(digits);
  });

  it.each(['560001', '110001', '744101'])('%s is a pincode', (p) => expect(PINCODE.test(p)).toBe(true));
  it.each(['56000', '056000', '5600011', 'abcdef', ''])('%j is not', (p) =>
    expect(PINCODE.test(p)).toBe(false),
  );
});

describe('the remembered pincode', () => {
  beforeEach(() => {
    localStorage.clear();
    usePincodeStore.setState({ pincode: '' });
  });

  it('remembers a valid pincode in localStorage', () => {
    usePincodeStore.getState().remember('560001');
    expect(usePincodeStore.getState().pincode).toBe('560001');
    expect(JSON.parse(localStorage.getItem(PINCODE_STORAGE_KEY)!).state.pincode).toBe('560001');
  });

  it('keeps the last valid one when given an invalid one', () => {
    usePincodeStore.getState().remember('560001');
    usePincodeStore.getState().remember('05600');
    expect(usePincodeStore.getState().pincode).toBe('560001');
  });
});
