import { describe, expect, it } from 'vitest';
import { DEFAULT_REPLY, replyTo } from '@/features/chat/replies';

describe('chat replies', () => {
  it('ignores blank messages', () => {
    expect(replyTo('')).toBeNull();
    expect(replyTo('   ')).toBeNull();
  });

  it('answers by keyword', () => {
    expect(replyTo('What is the price range?')).toContain('₹5,000 to ₹50,000');
    expect(replyTo('How long does delivery take')).toContain('Delivery dates depend on your pincode');
    expect(replyTo('Is there a warranty?')).toContain('1-year warranty');
  });

  it('has a sensible default', () => {
    expect(replyTo('Do you sell lamps?')).toBe(DEFAULT_REPLY);
  });
});
