import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useGetOne, useNotify, useRecordContext } from 'react-admin';
import { formatINR } from 'shared/pricing/format';
import type { Row } from '@/lib/database';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';
import { OptionsEditor } from '@/variants/options-editor';
import { missingCombinations } from '@/variants/options-draft';
import { useProductOptions, useProductVariants } from '@/variants/variant-queries';
import { VariantGrid } from '@/variants/variant-grid';

/** What the product's summary (kept by the database from the active variants) says. */
function Summary({ product }: { product: Row<'products'> }) {
  const max = product.price_max ?? product.price;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      Price{' '}
      {max > product.price
        ? `from ${formatINR(product.price)} to ${formatINR(max)}`
        : formatINR(product.price)}
      {' · '}
      {product.stock_quantity} on hand (active variants) · prices and stock are set per variant below.
    </Typography>
  );
}

/**
 * The product edit page's Options & variants: options and values, "Generate combinations", and the
 * variants grid. Everything here saves on its own (RPCs and variant rows), not with the product form.
 */
export function VariantsSection() {
  const record = useRecordContext<Row<'products'>>();
  const productId = record?.id ?? 0;
  const notify = useNotify();
  // The edit page's own query (same key): its summary follows the variants; the form keeps what
  // staff typed (keepDirtyValues in ProductForm).
  const { data: product = record, refetch: refetchProduct } = useGetOne<Row<'products'>>(
    'products',
    { id: productId },
    { enabled: productId !== 0 },
  );
  const options = useProductOptions(productId);
  const variants = useProductVariants(productId);
  const reload = () => {
    void options.refetch();
    void variants.refetch();
    void refetchProduct();
  };
  const generate = useAdminMutation(storeApi.generateVariants, {
    failure: 'Could not generate the variants',
    onSuccess: (created) => {
      notify(
        created.length === 0
          ? 'Every combination already has a variant'
          : `${created.length} variant(s) created`,
        { type: 'success' },
      );
      reload();
    },
  });
  if (!product) return null;
  const missing = options.data && variants.data ? missingCombinations(options.data, variants.data) : 0;

  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
          Options &amp; variants
        </Typography>
        <Summary product={product} />
        {(options.error || variants.error) && (
          <Alert severity="error">Could not load the variants. Reload the page.</Alert>
        )}
        {options.data ? (
          <OptionsEditor
            key={options.dataUpdatedAt}
            productId={product.id}
            saved={options.data}
            onSaved={reload}
          />
        ) : (
          <Skeleton variant="rectangular" height={80} />
        )}
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void generate.mutate(product.id)}
            disabled={generate.isPending || (options.data?.length ?? 0) === 0}
          >
            {generate.isPending ? 'Generating…' : 'Generate combinations'}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {(options.data?.length ?? 0) === 0
              ? 'Define options first.'
              : missing === 0
                ? 'Every combination has a variant.'
                : `${missing} combination(s) without a variant.`}
          </Typography>
        </Stack>
        <Box>
          {variants.data ? (
            <VariantGrid variants={variants.data} onChanged={reload} />
          ) : (
            <Skeleton variant="rectangular" height={120} />
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
