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
import { importCounts, refusedCount, type ImportResult } from '@/delivery/import-result';

/**
 * The database's answer to an upload: the counts, every refused row (row number, pincode, why) and
 * the first changes (pincode: from → to). `describe` says a change's side in words (a zone's name,
 * a directory entry).
 */
export function ImportPreview({
  title,
  result,
  describe,
}: {
  title: string;
  result: ImportResult;
  describe: (value: string | null) => string;
}) {
  const shown = result.changes.length;
  const refused = refusedCount(result);
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Stack component="dl" direction="row" sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, my: 1 }}>
        {importCounts(result).map(({ label, value }) => (
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
            {refused === 1 ? '1 row was' : `${refused.toLocaleString('en-IN')} rows were`} refused, so nothing
            can be applied. Correct the file and upload it again. Rows are counted from the first line after
            the header
            {refused > result.errors.length
              ? `; the first ${result.errors.length.toLocaleString('en-IN')} are listed`
              : ''}
            .
          </Alert>
          <TableContainer sx={{ maxHeight: 320 }}>
            <Table size="small" stickyHeader aria-label="Refused rows">
              <TableHead>
                <TableRow>
                  <TableCell>Row</TableCell>
                  <TableCell>Pincode</TableCell>
                  <TableCell>Problem</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.errors.map((e) => (
                  <TableRow key={`${e.row}-${e.pincode}`}>
                    <TableCell>{e.row}</TableCell>
                    <TableCell>{e.pincode || '—'}</TableCell>
                    <TableCell>{e.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
      {shown > 0 && (
        <TableContainer sx={{ maxHeight: 320, mt: 1 }}>
          <Table size="small" stickyHeader aria-label="Changes">
            <caption>
              {shown < result.changed
                ? `The first ${shown.toLocaleString('en-IN')} of ${result.changed.toLocaleString('en-IN')} changes`
                : `${shown.toLocaleString('en-IN')} ${shown === 1 ? 'change' : 'changes'}`}
            </caption>
            <TableHead>
              <TableRow>
                <TableCell>Pincode</TableCell>
                <TableCell>From</TableCell>
                <TableCell>To</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.changes.map((c) => (
                <TableRow key={c.pincode}>
                  <TableCell>{c.pincode}</TableCell>
                  <TableCell>{describe(c.from)}</TableCell>
                  <TableCell>{describe(c.to)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
