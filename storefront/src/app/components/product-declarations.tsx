import type { ProductDetail, ProductVariant } from '@/features/catalog/api/products';
import type { BusinessDetails } from '@/features/store/api/store-settings';
import { DetailsList, EmailLink, PhoneLink } from '@/features/store/components/business-details-list';

/** The manufacturer or packer a listing names: the product's own, else the store (it packs what it sells). */
export function manufacturerText(
  manufacturer: string | null,
  seller: Pick<BusinessDetails, 'legal_name' | 'registered_address'> | undefined,
): string | null {
  if (manufacturer) return manufacturer;
  if (!seller?.legal_name) return null;
  return seller.registered_address ? `${seller.legal_name}, ${seller.registered_address}` : seller.legal_name;
}

/**
 * What an online listing must declare (Legal Metrology (Packaged Commodities) Rules 2011 r.6(10)):
 * country of origin, the manufacturer or packer (and importer of an imported product), net quantity,
 * dimensions and customer care. The product's columns come with the product; the seller's details
 * from store_settings may arrive a moment later (their rows appear then). Composes the catalog and
 * the store features, so it lives in app.
 */
export function ProductDeclarations({
  product,
  variant,
  seller,
}: {
  product: Pick<
    ProductDetail,
    'country_of_origin' | 'manufacturer' | 'importer' | 'net_quantity' | 'dimensions'
  >;
  variant: Pick<ProductVariant, 'dimensions'> | undefined;
  seller: BusinessDetails | undefined;
}) {
  const care = seller && (
    <>
      {seller.customer_care_email && <EmailLink email={seller.customer_care_email} />}
      {seller.customer_care_email && seller.customer_care_phone && ', '}
      {seller.customer_care_phone && <PhoneLink phone={seller.customer_care_phone} />}
      {seller.customer_care_hours && (
        <span className="block text-stone-600">{seller.customer_care_hours}</span>
      )}
    </>
  );
  return (
    <section aria-labelledby="declarations-title" className="mt-6">
      <h2 id="declarations-title" className="text-lg font-semibold">
        Product declarations
      </h2>
      <DetailsList
        className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm"
        rows={[
          ['Country of origin', product.country_of_origin, 'declaration-origin'],
          [
            product.importer ? 'Manufacturer' : 'Manufacturer / packer',
            manufacturerText(product.manufacturer, seller),
            'declaration-manufacturer',
          ],
          ['Importer', product.importer, 'declaration-importer'],
          ['Net quantity', product.net_quantity, 'declaration-net-quantity'],
          ['Dimensions', variant?.dimensions ?? product.dimensions, 'declaration-dimensions'],
          [
            'Customer care',
            seller && (seller.customer_care_email || seller.customer_care_phone) ? care : null,
            'declaration-customer-care',
          ],
        ]}
      />
    </section>
  );
}
