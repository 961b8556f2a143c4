import { describe, expect, it } from 'vitest';
import { businessErrors, gstinParts, toBusinessRow, type BusinessValues } from '@/gst/business-rules';

const demo: BusinessValues = {
  legal_name: ' FurniCraft Home Private Limited ',
  registered_address: '12 MG Road, Bengaluru, Karnataka 560001',
  gstin: ' 29aaecf1234k1zm ',
  authorised_signatory: 'Ananya Rao, Director',
  invoice_prefix: 'fc',
  credit_note_prefix: 'FCCN',
  grievance_officer_name: 'Rohit Mehta',
  grievance_officer_designation: 'Grievance Officer',
  grievance_officer_email: 'grievance@furnicraft.in',
  grievance_officer_phone: '+91 80 1234 5679',
  grievance_officer_hours: '',
  customer_care_email: 'support@furnicraft.in',
  customer_care_phone: '+91 80 1234 5678',
  customer_care_hours: 'Monday to Saturday: 9:00 AM to 8:00 PM',
};

describe('businessErrors', () => {
  it('accepts the demo store, GSTIN in any case with spaces, hours left empty', () => {
    expect(businessErrors(demo)).toEqual({});
  });

  it('names the GSTIN problem: a wrong check character, a bad state code, the length', () => {
    expect(businessErrors({ ...demo, gstin: '29AAECF1234K1ZN' }).gstin).toMatch(/check character is wrong/);
    expect(businessErrors({ ...demo, gstin: '45AAECF1234K1ZM' }).gstin).toMatch(/state code/);
    expect(businessErrors({ ...demo, gstin: '29AAECF1234' }).gstin).toMatch(/15 characters/);
  });

  it('requires what invoices and the legal pages show', () => {
    const errors = businessErrors({});
    expect(Object.keys(errors).sort()).toEqual(
      [
        'authorised_signatory',
        'credit_note_prefix',
        'customer_care_email',
        'customer_care_phone',
        'grievance_officer_designation',
        'grievance_officer_email',
        'grievance_officer_name',
        'grievance_officer_phone',
        'gstin',
        'invoice_prefix',
        'legal_name',
        'registered_address',
      ].sort(),
    );
  });

  it('keeps prefixes to 1–4 capitals or digits, and the two series apart', () => {
    expect(businessErrors({ ...demo, invoice_prefix: 'FC-1' }).invoice_prefix).toMatch(/1 to 4/);
    expect(businessErrors({ ...demo, invoice_prefix: 'FCINV' }).invoice_prefix).toMatch(/1 to 4/);
    expect(businessErrors({ ...demo, credit_note_prefix: 'fc' }).credit_note_prefix).toMatch(/other than/);
  });

  it('keeps the texts to the lengths the database allows', () => {
    expect(businessErrors({ ...demo, legal_name: 'X' }).legal_name).toBe('Use 2 to 150 characters.');
    expect(businessErrors({ ...demo, registered_address: 'Bengaluru' }).registered_address).toMatch(
      /10 to 300/,
    );
    expect(businessErrors({ ...demo, customer_care_hours: 'x'.repeat(101) }).customer_care_hours).toBe(
      'Use at most 100 characters.',
    );
  });

  it('checks e-mails and phone numbers', () => {
    const errors = businessErrors({
      ...demo,
      customer_care_email: 'support',
      grievance_officer_phone: '12345',
    });
    expect(errors.customer_care_email).toMatch(/e-mail/);
    expect(errors.grievance_officer_phone).toMatch(/8 to 15 digits/);
    expect(businessErrors({ ...demo, customer_care_phone: '1800-123-4567' })).toEqual({});
  });
});

describe('toBusinessRow', () => {
  it('sends the business columns only, trimmed, GSTIN and prefixes in capitals, blanks as null', () => {
    const row = toBusinessRow({
      ...demo,
      ...{ pan: 'X', gst_state_code: '27', order_cutoff: '14:00' },
    } as BusinessValues);
    expect(row).toEqual({
      legal_name: 'FurniCraft Home Private Limited',
      registered_address: '12 MG Road, Bengaluru, Karnataka 560001',
      gstin: '29AAECF1234K1ZM',
      authorised_signatory: 'Ananya Rao, Director',
      invoice_prefix: 'FC',
      credit_note_prefix: 'FCCN',
      grievance_officer_name: 'Rohit Mehta',
      grievance_officer_designation: 'Grievance Officer',
      grievance_officer_email: 'grievance@furnicraft.in',
      grievance_officer_phone: '+91 80 1234 5679',
      grievance_officer_hours: null,
      customer_care_email: 'support@furnicraft.in',
      customer_care_phone: '+91 80 1234 5678',
      customer_care_hours: 'Monday to Saturday: 9:00 AM to 8:00 PM',
    });
    expect(Object.keys(row)).not.toContain('pan');
    expect(Object.keys(row)).not.toContain('gst_state_code');
  });
});

describe('gstinParts', () => {
  it('derives the state code and PAN of a valid GSTIN, nothing of an invalid one', () => {
    expect(gstinParts('27aapfu0939f1zv')).toEqual({ stateCode: '27', pan: 'AAPFU0939F' });
    expect(gstinParts('27AAPFU0939F1ZW')).toBeNull();
    expect(gstinParts(null)).toBeNull();
  });
});
