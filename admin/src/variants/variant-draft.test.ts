import { describe, expect, it } from 'vitest';
import { toVariantDraft, variantUpdate, type VariantValues } from '@/variants/variant-draft';

const saved: VariantValues = {
  sku: 'FC-000042-TEAL',
  title: 'Teal velvet / 3-seater',
  price: 24999,
  original_price: 38999,
  lead_time_days: 0,
  made_to_order: false,
  is_active: true,
};

describe('variantUpdate', () => {
  it('sends only what changed', () => {
    const draft = { ...toVariantDraft(saved), price: '22999.50', sku: ' fc-000042-teal-x ' };
    expect(variantUpdate(draft, saved)).toEqual({
      update: { sku: 'fc-000042-teal-x', price: 22999.5 },
      problems: [],
    });
    expect(variantUpdate(toVariantDraft(saved), saved)).toEqual({ update: {}, problems: [] });
  });

  it('clears the original price and lets the database write an emptied title', () => {
    const draft = { ...toVariantDraft(saved), original_price: ' ', title: '' };
    expect(variantUpdate(draft, saved).update).toEqual({ original_price: null, title: '' });
  });

  it('refuses what the database would refuse, with the field named', () => {
    const draft = {
      ...toVariantDraft(saved),
      sku: '-bad sku',
      price: '0',
      original_price: 'abc',
      lead_time_days: '400',
    };
    expect(variantUpdate(draft, saved).problems).toEqual([
      'SKU: 1 to 40 letters, digits, ".", "_", "/" or "-", starting with a letter or digit.',
      'Price: more than ₹0.',
      'Original price: a number, or empty.',
      'Lead time: 0 to 365 days.',
    ]);
    expect(variantUpdate({ ...toVariantDraft(saved), original_price: '20000' }, saved).problems).toEqual([
      'Original price: at least the price (or empty).',
    ]);
  });

  it('makes a variant made to order with its lead time', () => {
    const draft = { ...toVariantDraft(saved), made_to_order: true, lead_time_days: '21', is_active: false };
    expect(variantUpdate(draft, saved).update).toEqual({
      made_to_order: true,
      lead_time_days: 21,
      is_active: false,
    });
  });
});
