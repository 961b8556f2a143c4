import { describe, expect, it } from 'vitest';
import { formatISTDay, messagesFilter, spent } from '@/customers/customer-fields';

describe('customer fields', () => {
  it('dates by the IST day: 18:30 UTC is already the next day in India', () => {
    expect(formatISTDay('2026-10-25T18:29:59Z')).toBe('25 Oct 2026');
    expect(formatISTDay('2026-10-25T18:30:00Z')).toBe('26 Oct 2026');
    expect(formatISTDay(null)).toBe('—');
  });

  it('shows total spent in rupees with Indian grouping', () => {
    expect(spent(123456)).toBe('₹1,23,456');
    expect(spent('2499.50')).toBe('₹2,499.50');
    expect(spent(null)).toBe('₹0');
  });

  it('finds messages by account or by e-mail, the e-mail quoted', () => {
    expect(messagesFilter('u1', 'asha@example.in')).toBe('(user_id.eq.u1,email.eq."asha@example.in")');
    expect(messagesFilter('u1', null)).toBe('(user_id.eq.u1)');
    expect(messagesFilter('u1', 'a"b@x.in')).toBe('(user_id.eq.u1,email.eq."a\\"b@x.in")');
  });
});
