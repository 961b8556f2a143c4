import {
  Alert,
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ProductImportResult } from '@/lib/database';
import { describeChange, productImportCounts } from '@/products/product-csv-rules';

/**
 * The database's answer to a products file: the counts, every refused row (row, SKU, column, why)
 * and the changes field by field.
 */
export function ProductImportPreview({ title, result }: { title: string; result: ProductImportResult }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Stack component="dl" direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, my: 1 }}>
        {productImportCounts(result).map(({ label, value }) => (
          <Box key={label} sx={{ display: 'flex', gap: 0.75 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}:
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
              {value.toLocaleString('en-IN')}
            </Typography>
          </Box>
        ))}
      </Stack>
      {result.errors.length > 0 && (
        <>
          <Alert severity="error" sx={{ my: 1 }}>
            {result.refused === 1 ? '1 row was' : `${result.refused.toLocaleString('en-IN')} rows were`}{' '}
            refused, so nothing can be applied. Correct the file and upload it again. Rows are counted from
            the first line after the header.
          </Alert>
          {/* scrolls: focusable so a keyboard can scroll it */}
          <TableContainer
            sx={{ maxHeight: 360 }}
            tabIndex={0}
            role="region"
            aria-label="Refused rows, scrollable"
          >
            <Table size="small" stickyHeader aria-label="Refused rows">
              <TableHead>
                <TableRow>
                  <TableCell>Row</TableCell>
                  <TableCell>SKU</TableCell>
                  <TableCell>Column</TableCell>
                  <TableCell>Problem</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.errors.map((e) => (
                  <TableRow key={`${e.row}-${e.column}`}>
                    <TableCell>{e.row}</TableCell>
                    <TableCell>{e.sku || '—'}</TableCell>
                    <TableCell>{e.column}</TableCell>
                    <TableCell>{e.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
      {result.changes.length > 0 && (
        <TableContainer
          sx={{ maxHeight: 360, mt: 1 }}
          tabIndex={0}
          role="region"
          aria-label="Changes, scrollable"
        >
          <Table size="small" stickyHeader aria-label="Changes">
            <caption>
              {result.changes.length.toLocaleString('en-IN')}{' '}
              {result.changes.length === 1 ? 'change' : 'changes'} of fields
            </caption>
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>Product</TableCell>
                <TableCell>SKU</TableCell>
                <TableCell>Change</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.changes.map((c) => (
                <TableRow key={`${c.row}-${c.kind}-${c.field}`}>
                  <TableCell>{c.row}</TableCell>
                  <TableCell>{c.product_slug}</TableCell>
                  <TableCell>{c.sku ?? '—'}</TableCell>
                  <TableCell>{describeChange(c)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
