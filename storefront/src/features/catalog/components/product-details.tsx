import { RotateCcw, ShieldCheck, Truck } from 'lucide-react';
import { FREE_DELIVERY_THRESHOLD } from 'shared/pricing/delivery';
import { formatINR } from 'shared/pricing/format';
import {
  productSpecifications,
  type ProductDetail,
  type ProductVariant,
} from '@/features/catalog/api/products';
import { returnsCard, type ProductReturns } from '@/features/catalog/product-returns';

const infoCards = (returns: ProductReturns) => [
  // Most zones follow the default rule; Check delivery above gives the pincode's own fee.
  {
    icon: Truck,
    title: 'Free Delivery',
    text: `On orders of ${formatINR(FREE_DELIVERY_THRESHOLD)} or more to most pincodes`,
    testId: 'info-delivery',
  },
  {
    icon: ShieldCheck,
    title: '1-Year Warranty',
    text: 'Against manufacturing defects',
    testId: 'info-warranty',
  },
  { icon: RotateCcw, ...returnsCard(returns), testId: 'info-returns' },
];

/**
 * The product page below the buttons: description, features, the details (the chosen variant's
 * dimensions, weight and SKU where it has its own) and the three info cards (the returns card says
 * the product's window, or that it is not returnable).
 */
export function ProductDetails({
  product,
  variant,
  returns,
}: {
  product: Pick<
    ProductDetail,
    'description' | 'specifications' | 'material' | 'dimensions' | 'color' | 'weight' | 'options'
  >;
  variant: Pick<ProductVariant, 'dimensions' | 'weight' | 'sku'> | undefined;
  returns: ProductReturns;
}) {
  const specs = productSpecifications(product.specifications);
  const details: [string, string | null | undefined][] = [
    ['Material', product.material],
    ['Dimensions', variant?.dimensions ?? product.dimensions],
    // A product with options has its colour in them (the variant's title), not in one colour field.
    ['Color', product.options.length === 0 ? product.color : null],
    ['Weight', variant?.weight ?? product.weight],
    ['SKU', variant?.sku],
    ['Warranty', specs.warranty],
    ['Assembly', specs.assembly],
  ];
  return (
    <>
      {product.description && <p className="mt-6 text-stone-700">{product.description}</p>}
      {specs.features.length > 0 && (
        <>
          <h2 className="mt-6 text-lg font-semibold">Features</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-700">
            {specs.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      )}
      <h2 className="mt-6 text-lg font-semibold">Details</h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {details
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium text-stone-600">{k}</dt>
              <dd data-testid={`detail-${k.toLowerCase()}`}>{v}</dd>
            </div>
          ))}
      </dl>
      <ul className="mt-6 grid gap-3 sm:grid-cols-3">
        {infoCards(returns).map(({ icon: Icon, title, text, testId }) => (
          <li
            key={testId}
            className="rounded-xl border border-stone-200 bg-white p-3 text-center"
            data-testid={testId}
          >
            <Icon aria-hidden="true" className="mx-auto size-6 text-amber-800" />
            <p className="mt-1 text-sm font-semibold">{title}</p>
            <p className="text-xs text-stone-600">{text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
