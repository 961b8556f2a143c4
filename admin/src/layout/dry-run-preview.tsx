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
import type { ReactNode } from 'react';

/** One column of a preview table: its header and what a row shows in it. */
export interface PreviewColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

const figure = (n: number) => n.toLocaleString('en-IN');

/** A table of the preview: at most ~10 rows high, scrolled in a region a keyboard can focus. */
function PreviewTable<T>({
  label,
  caption,
  rows,
  columns,
  rowKey,
  mt = 0,
}: {
  label: string;
  caption?: string;
  rows: readonly T[];
  columns: PreviewColumn<T>[];
  rowKey: (row: T) => string;
  mt?: number;
}) {
  return (
    <TableContainer
      sx={{ maxHeight: 360, mt }}
      tabIndex={0}
      role="region"
      aria-label={`${label}, scrollable`}
    >
      <Table size="small" stickyHeader aria-label={label}>
        {caption && <caption>{caption}</caption>}
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.header}>{c.header}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((c) => (
                <TableCell key={c.header}>{c.cell(row)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * A file's dry run as the database answered it (a pincode upload, a products import): the counts,
 * the refused rows (while there are any nothing can be applied) and the changes the file would make.
 * The database may list only the first of each: `refused` and `changed` are the whole counts.
 */
export function DryRunPreview<E, C>({
  title,
  counts,
  refused,
  errors,
  errorColumns,
  errorKey,
  changed,
  changes,
  changeColumns,
  changeKey,
}: {
  title: string;
  counts: { label: string; value: number }[];
  refused: number;
  errors: readonly E[];
  errorColumns: PreviewColumn<E>[];
  errorKey: (e: E) => string;
  changed: number;
  changes: readonly C[];
  changeColumns: PreviewColumn<C>[];
  changeKey: (c: C) => string;
}) {
  const shown = changes.length;
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Stack component="dl" direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, my: 1 }}>
        {counts.map(({ label, value }) => (
          <Box key={label} sx={{ display: 'flex', gap: 0.75 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}:
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
              {figure(value)}
            </Typography>
          </Box>
        ))}
      </Stack>
      {errors.length > 0 && (
        <>
          <Alert severity="error" sx={{ my: 1 }}>
            {refused === 1 ? '1 row was' : `${figure(refused)} rows were`} refused, so nothing can be applied.
            Correct the file and upload it again. Rows are counted from the first line after the header
            {refused > errors.length ? `; the first ${figure(errors.length)} are listed` : ''}.
          </Alert>
          <PreviewTable label="Refused rows" rows={errors} columns={errorColumns} rowKey={errorKey} />
        </>
      )}
      {shown > 0 && (
        <PreviewTable
          label="Changes"
          caption={
            shown < changed
              ? `The first ${figure(shown)} of ${figure(changed)} changes`
              : `${figure(shown)} ${shown === 1 ? 'change' : 'changes'}`
          }
          rows={changes}
          columns={changeColumns}
          rowKey={changeKey}
          mt={1}
        />
      )}
    </Box>
  );
}
