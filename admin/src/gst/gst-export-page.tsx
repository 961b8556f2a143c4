import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { AccessDenied, CanAccess, Title, downloadCSV, useLogoutIfAccessDenied } from 'react-admin';
import { formatINR } from 'shared/pricing/format';
import { GstNav } from '@/gst/gst-nav';
import {
  b2bDocuments,
  b2cSummary,
  documentsRegister,
  hsnSummary,
  lastMonthIST,
  monthRange,
  monthTotals,
  toCsv,
  type CsvTable,
  type RegisterLine,
} from '@/gst/register';
import { toAdminError } from '@/lib/errors';
import { storeApi } from '@/lib/providers';

/** A byte-order mark: spreadsheets then read the file as UTF-8 (names and the "−" of Net are not ASCII). */
const BOM = '\uFEFF';

const FILES: { name: string; label: string; build: (lines: RegisterLine[]) => CsvTable }[] = [
  { name: 'documents', label: 'Documents register', build: documentsRegister },
  { name: 'b2c-summary', label: 'B2C by state and rate', build: b2cSummary },
  { name: 'b2b', label: 'B2B invoices and credit notes', build: b2bDocuments },
  { name: 'hsn-summary', label: 'HSN summary', build: hsnSummary },
];

const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

type Loaded = { month: string; lines?: RegisterLine[]; error?: string };

/** The month's register lines (admin_gst_register, IST dates inclusive), fetched again when the month changes. */
function useRegister(month: string): Loaded | null {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(() => {
    const range = monthRange(month);
    if (!range) return;
    let current = true;
    storeApi.gstRegister({ from_date: range.from, to_date: range.to }).then(
      (lines) => current && setLoaded({ month, lines }),
      (error: unknown) => {
        void logoutIfAccessDenied(error);
        if (current) setLoaded({ month, error: toAdminError(error).message });
      },
    );
    return () => {
      current = false;
    };
  }, [month, logoutIfAccessDenied]);
  return loaded?.month === month ? loaded : null;
}

function MonthFigures({ lines }: { lines: RegisterLine[] }) {
  const t = monthTotals(lines);
  const tax = (x: typeof t.invoiced) => x.cgst + x.sgst + x.utgst + x.igst;
  return (
    <Typography variant="body2" role="status">
      {t.invoices} {t.invoices === 1 ? 'invoice' : 'invoices'} (taxable{' '}
      {formatINR(t.invoiced.taxable_value / 100)}, tax {formatINR(tax(t.invoiced) / 100)}, total{' '}
      {formatINR(t.invoiced.total / 100)}) · {t.creditNotes}{' '}
      {t.creditNotes === 1 ? 'credit note' : 'credit notes'} (total {formatINR(t.credited.total / 100)})
    </Typography>
  );
}

/**
 * /admin/gst/export: the month's invoices and credit notes for the accountant (GSTR-1), as four
 * CSV files built in the browser (gst/register.ts): the register line by line, B2C by state and
 * rate, B2B with the buyers' GSTINs, and the HSN summary. Text cells are formula-safe.
 */
/** The export is exports.read's (owner, finance): admin_gst_register refuses the others too. */
export function GstExportPage() {
  return (
    <CanAccess resource="gst" action="export" accessDenied={<AccessDenied />}>
      <GstExport />
    </CanAccess>
  );
}

function GstExport() {
  const [month, setMonth] = useState(lastMonthIST);
  const loaded = useRegister(month);
  const lines = loaded?.lines;
  return (
    <>
      <Title title="GST export" />
      <GstNav />
      <Card component="section" aria-labelledby="gst-export-title" sx={{ mt: 2 }}>
        <CardContent>
          <Typography id="gst-export-title" variant="h6" component="h2">
            Monthly GST export
          </Typography>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Invoices and credit notes dated in the month (India time), one CSV file per table the return asks
            for. Credit notes are their own rows; the summaries add the net.
          </Typography>
          <TextField
            type="month"
            label="Month"
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ mb: 2 }}
          />
          {monthRange(month) === null ? (
            <Alert severity="warning">Choose a month.</Alert>
          ) : loaded === null ? (
            <Typography variant="body2">Loading {monthName(month)}…</Typography>
          ) : loaded.error ? (
            <Alert severity="error">The register could not be loaded: {loaded.error}</Alert>
          ) : (
            <Stack spacing={2}>
              <MonthFigures lines={lines ?? []} />
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {FILES.map((file) => (
                  <Button
                    key={file.name}
                    variant="outlined"
                    disabled={!lines || lines.length === 0}
                    onClick={() =>
                      downloadCSV(`${BOM}${toCsv(file.build(lines ?? []))}`, `gst-${month}-${file.name}`)
                    }
                  >
                    {file.label} (CSV)
                  </Button>
                ))}
              </Stack>
            </Stack>
          )}
        </CardContent>
      </Card>
    </>
  );
}
