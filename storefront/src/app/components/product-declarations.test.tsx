// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { manufacturerText, ProductDeclarations } from '@/app/components/product-declarations';

const seller = {
  legal_name: 'FurniCraft Home Private Limited',
  registered_address: '12 MG Road, Bengaluru, Karnataka 560001',
  gstin: '29AAECF1234K1ZM',
  pan: 'AAECF1234K',
  gst_state_code: '29',
  grievance_officer_name: 'Rohit Mehta',
  grievance_officer_designation: 'Grievance Officer',
  grievance_officer_email: 'grievance@furnicraft.in',
  grievance_officer_phone: '+91 80 1234 5679',
  grievance_officer_hours: 'Monday to Saturday, 10:00 AM to 6:00 PM',
  customer_care_email: 'support@furnicraft.in',
  customer_care_phone: '+91 80 1234 5678',
  customer_care_hours: 'Monday to Saturday: 9:00 AM to 8:00 PM',
};
const product = {
  country_of_origin: 'India',
  manufacturer: null,
  importer: null,
  net_quantity: '1 N',
  dimensions: 'W 200 cm',
};
const shown = (id: string) => screen.queryByTestId(`declaration-${id}`)?.textContent ?? null;

describe('ProductDeclarations', () => {
  afterEach(cleanup);

  it('names the store as the packer of a product without its own manufacturer, with customer care', () => {
    render(<ProductDeclarations product={product} variant={{ dimensions: 'W 260 cm' }} seller={seller} />);
    expect(shown('origin')).toBe('India');
    expect(shown('manufacturer')).toBe(
      'FurniCraft Home Private Limited, 12 MG Road, Bengaluru, Karnataka 560001',
    );
    expect(shown('importer')).toBeNull();
    expect(shown('net-quantity')).toBe('1 N');
    expect(shown('dimensions')).toBe('W 260 cm');
    expect(shown('customer-care')).toContain('support@furnicraft.in, +91 80 1234 5678');
    expect(screen.getByRole('link', { name: '+91 80 1234 5678' }).getAttribute('href')).toBe(
      'tel:+918012345678',
    );
  });

  it("shows an imported product's manufacturer and importer, and leaves the seller's rows until they load", () => {
    render(
      <ProductDeclarations
        product={{
          ...product,
          country_of_origin: 'Indonesia',
          manufacturer: 'PT Rotan Jaya, Cirebon',
          importer: 'FurniCraft Home Private Limited, Bengaluru',
        }}
        variant={undefined}
        seller={undefined}
      />,
    );
    expect(shown('origin')).toBe('Indonesia');
    expect(shown('manufacturer')).toBe('PT Rotan Jaya, Cirebon');
    expect(shown('importer')).toBe('FurniCraft Home Private Limited, Bengaluru');
    expect(shown('dimensions')).toBe('W 200 cm');
    expect(shown('customer-care')).toBeNull();
  });
});

describe('manufacturerText', () => {
  it('is the product’s own, else the store’s name and address, else nothing', () => {
    expect(manufacturerText('Maker, Jodhpur', seller)).toBe('Maker, Jodhpur');
    expect(manufacturerText(null, { legal_name: 'Store Pvt Ltd', registered_address: null })).toBe(
      'Store Pvt Ltd',
    );
    expect(manufacturerText(null, undefined)).toBeNull();
  });
});
