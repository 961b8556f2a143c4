import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ProductDeclarations } from '@/app/components/product-declarations';
import { PurchasePanel } from '@/app/components/purchase-panel';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { productQueries, type ProductDetail } from '@/features/catalog/api/products';
import { ProductDetails } from '@/features/catalog/components/product-details';
import { ProductGallery } from '@/features/catalog/components/product-gallery';
import { ProductNotFound } from '@/features/catalog/components/product-not-found';
import { ProductSummary } from '@/features/catalog/components/product-summary';
import { RelatedProducts } from '@/features/catalog/components/related-products';
import { VariantPicker } from '@/features/catalog/components/variant-picker';
import { useSelectedVariant } from '@/features/catalog/hooks/use-selected-variant';
import { storeSettingsQueries } from '@/features/store/api/store-settings';
import { addressQueries } from '@/features/addresses/api/addresses';
import { useUser } from '@/features/auth/hooks/use-session';
import { productJsonLd } from '@/features/catalog/product-json-ld';
import { productReturns } from '@/features/catalog/product-returns';
import { stockStatus } from '@/features/catalog/stock-status';
import { variantImages } from '@/features/catalog/variant-images';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';
import { usePageTitle } from '@/lib/use-page-title';

// Check delivery answers after the product has painted: its chunk (and zod, which checks the
// database's answer) stays off the product picture's critical path.
const CheckDelivery = lazy(() =>
  import('@/features/delivery/components/check-delivery').then((m) => ({ default: m.CheckDelivery })),
);

export function Component() {
  const { id = '' } = useParams();
  const { data: product, isPending, isError } = useQuery(productQueries.detail(id));
  // Asked for beside the product (cached for 5 minutes): the stock text waits for it rather than change.
  const lowStock = useQuery(storeSettingsQueries.lowStockThreshold());
  usePageTitle(product?.name ?? (isPending ? '' : 'Product Not Found'), product?.description ?? undefined);
  if (isPending || lowStock.isPending) return <PageSpinner />;
  if (isError) return <p role="alert">We could not load this product. Please try again.</p>;
  if (!product) return <ProductNotFound />;
  return <ProductPage product={product} routeId={id} lowStockThreshold={lowStock.data ?? null} />;
}

/** The product in the variant the address names (?variant=SKU), else its default. */
function ProductPage({
  product,
  routeId,
  lowStockThreshold,
}: {
  product: ProductDetail;
  routeId: string;
  lowStockThreshold: number | null;
}) {
  const navigate = useNavigate();
  const { variant, select } = useSelectedVariant(product.variants);
  const user = useUser();
  // A signed-in shopper's default address (listed first) answers "Check delivery" before any pincode is typed.
  const addresses = useQuery({ ...addressQueries.list(user?.id ?? ''), enabled: Boolean(user) });
  // The seller's details for the declarations (the footer asks for the same, once per visit): they
  // never hold the product back.
  const seller = useQuery(storeSettingsQueries.business()).data;
  // The same row again (cached): the store's return window for a product without its own.
  const returnTerms = useQuery(storeSettingsQueries.returnTerms()).data;
  // No active variant: the product is listed but cannot be bought (as a sold-out product).
  const stock = variant
    ? stockStatus(variant, lowStockThreshold)
    : { kind: 'out' as const, text: 'Out of stock' };
  return (
    <>
      <script type="application/ld+json">
        {JSON.stringify(productJsonLd(product, window.location.origin))}
      </script>
      <button
        type="button"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.home))}
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-stone-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Back
      </button>
      <article className="grid gap-8 md:grid-cols-2">
        <ProductGallery productId={product.id} images={variantImages(product, variant)} alt={product.name} />
        <div className="min-w-0">
          <ProductSummary product={product} variant={variant} stock={stock} />
          {variant && product.options.length > 0 && (
            <VariantPicker
              options={product.options}
              variants={product.variants}
              selected={variant}
              onSelect={select}
            />
          )}
          <PurchasePanel productId={product.id} routeId={routeId} variant={variant} stock={stock.kind} />
          <Suspense
            fallback={<div aria-hidden="true" className="mt-6 h-36 rounded-xl border border-stone-200" />}
          >
            <CheckDelivery variantId={variant?.id} addressPincode={addresses.data?.[0]?.pincode} />
          </Suspense>
          <ProductDetails
            product={product}
            variant={variant}
            returns={productReturns(product, returnTerms?.return_window_days)}
          />
          <ProductDeclarations product={product} variant={variant} seller={seller} />
        </div>
      </article>
      <ReviewsSection productId={product.id} rating={product.rating} reviewCount={product.review_count} />
      <RelatedProducts productId={product.id} categoryId={product.category_id} />
    </>
  );
}
