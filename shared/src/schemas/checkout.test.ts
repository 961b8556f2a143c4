import { describe, expect, it } from 'vitest';
import { hasMissingField, shippingAddressSchema } from './checkout.ts';

const address = {
  fullName: 'Asha Rao',
  email: 'asha@example.in',
  phone: '+91 98450 12345',
  address: '14, 3rd Cross, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560038',
};

describe('shipping address', () => {
  it('accepts an Indian address and normalises the mobile number', () => {
    expect(shippingAddressSchema.parse(address).phone).toBe('9845012345');
  });

  it.each([
    [{ pincode: '56003' }, 'Enter a 6-digit pincode'],
    [{ pincode: '060038' }, 'Enter a 6-digit pincode'],
    [{ phone: '12345' }, 'Enter a 10-digit mobile number'],
    [{ email: 'asha@' }, 'Enter a valid email address'],
  ])('refuses %o', (change, message) => {
    const r = shippingAddressSchema.safeParse({ ...address, ...change });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });

  it('spots a blank field', () => {
    expect(hasMissingField(address)).toBe(false);
    expect(hasMissingField({ ...address, city: '  ' })).toBe(true);
  });
});
