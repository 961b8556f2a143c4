import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import { AccessDenied, CanAccess, Link, Title, useBasename } from 'react-admin';
import type { ProductImportRow } from 'shared/catalog/product-csv';
import type { ProductImportResult } from '@/lib/database';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';
import { ExportProductsCsvButton } from '@/products/product-csv-buttons';
import { ProductImportPreview } from '@/products/product-import-preview';
import { applyLabel, readProductsFile } from '@/products/product-csv-rules';

type Stage =
  | { stage: 'idle' }
  | { stage: 'problem'; file: string; message: string }
  | { stage: 'checking'; file: string; rows: ProductImportRow[] }
  | { stage: 'preview'; file: string; rows: ProductImportRow[]; result: ProductImportResult }
  | { stage: 'applied'; file: string; result: ProductImportResult };

const run = (file: string, rows: ProductImportRow[], dryRun: boolean) =>
  storeApi.importProducts({ rows, dry_run: dryRun }).then((result) => ({ file, rows, result }));

/**
 * /admin/products/import: a products CSV read in the browser, sent with dry_run true, the
 * database's answer shown (every row's errors, the changes); "Apply N changes" sends the same rows
 * again. The database applies all or nothing, so a refused file changes nothing.
 */
export function ProductImportPage() {
  const inputId = useId();
  const basename = useBasename();
  const [state, setState] = useState<Stage>({ stage: 'idle' });
  const fail = (error: { message: string }) =>
    setState((s) => ({ stage: 'problem', file: 'file' in s ? s.file : '', message: error.message }));
  const check = useAdminMutation((file: string, rows: ProductImportRow[]) => run(file, rows, true), {
    onSuccess: ({ file, rows, result }) => setState({ stage: 'preview', file, rows, result }),
    onError: fail,
  });
  const apply = useAdminMutation((file: string, rows: ProductImportRow[]) => run(file, rows, false), {
    // a refusal that appeared since the preview (another import, a category deleted) is shown as one
    onSuccess: ({ file, rows, result }) =>
      setState(
        result.applied ? { stage: 'applied', file, result } : { stage: 'preview', file, rows, result },
      ),
    onError: fail,
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // the same file chosen again must fire change again
    input.value = '';
    if (!file) return;
    const read = readProductsFile(await file.text());
    if (read.problem !== null) return setState({ stage: 'problem', file: file.name, message: read.problem });
    setState({ stage: 'checking', file: file.name, rows: read.rows });
    void check.mutate(file.name, read.rows);
  };

  const busy = check.isPending || apply.isPending;
  return (
    <CanAccess resource="products" action="import" accessDenied={<AccessDenied />}>
      <Title title="Import products" />
      <Card component="section" aria-labelledby={`${inputId}-title`} sx={{ mt: 2 }}>
        <CardContent>
          <Typography id={`${inputId}-title`} variant="h6" component="h2">
            Import products from a CSV file
          </Typography>
          <Typography variant="body2" sx={{ my: 1 }}>
            One row per variant: <code>product_slug, product_name, category, sku, price</code>, and if you
            like <code>description, material, color, featured, options, mrp, stock, active</code>. A new slug
            adds a product, a new SKU a variant; known ones are updated. Amounts may be written 1,25,000 or
            with ₹; options as <code>Fabric: Teal velvet; Size: 3-seater</code>; stock is the count on hand
            (an empty cell leaves it). The export is the template: you see every change before anything is
            saved.
          </Typography>
          <ExportProductsCsvButton />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, my: 1 }}>
            <Typography component="label" htmlFor={inputId} variant="body2" sx={{ fontWeight: 600 }}>
              Products file (CSV)
            </Typography>
            <input id={inputId} type="file" accept=".csv,text/csv" onChange={choose} disabled={busy} />
          </Box>
          {state.stage === 'checking' && (
            <Typography role="status" variant="body2">
              Checking {state.rows.length.toLocaleString('en-IN')} rows of {state.file}…
            </Typography>
          )}
          {state.stage === 'problem' && (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {state.file ? `${state.file}: ` : ''}
              {state.message}
            </Alert>
          )}
          {state.stage === 'preview' && (
            <>
              <ProductImportPreview title={`Preview of ${state.file}`} result={state.result} />
              {state.result.errors.length === 0 && state.result.changed === 0 ? (
                <Alert severity="info" role="status" sx={{ mt: 1 }}>
                  No changes: every product and variant in the file is already as it says.
                </Alert>
              ) : (
                <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
                  <Button
                    variant="contained"
                    disabled={busy || state.result.errors.length > 0}
                    onClick={() => void apply.mutate(state.file, state.rows)}
                  >
                    {apply.isPending ? 'Applying…' : applyLabel(state.result.changed)}
                  </Button>
                  <Button onClick={() => setState({ stage: 'idle' })} disabled={busy}>
                    Discard
                  </Button>
                </Box>
              )}
            </>
          )}
          {state.stage === 'applied' && (
            <Alert severity="success" role="status" sx={{ mt: 1 }}>
              {state.file}: {state.result.changed.toLocaleString('en-IN')}{' '}
              {state.result.changed === 1 ? 'change' : 'changes'} applied.{' '}
              <Link to={`${basename}/products`}>See the products</Link>
            </Alert>
          )}
        </CardContent>
      </Card>
    </CanAccess>
  );
}
