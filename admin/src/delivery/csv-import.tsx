import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { ImportPreview } from '@/delivery/import-preview';
import { applyLabel, type ImportResult } from '@/delivery/import-result';
import type { CsvResult } from '@/delivery/pincode-csv';
import { useAdminMutation } from '@/lib/use-admin-mutation';

type Stage<R> =
  | { stage: 'idle' }
  | { stage: 'problem'; file: string; message: string }
  | { stage: 'checking'; file: string; rows: R[] }
  | { stage: 'preview'; file: string; rows: R[]; result: ImportResult }
  | { stage: 'applied'; file: string; result: ImportResult };

/**
 * One CSV upload with a preview: the file is read in the browser, its rows are sent with
 * dry_run true and the database's answer is shown; "Apply N changes" sends the same rows again
 * with dry_run false. The database writes nothing while any row is refused, so neither does the
 * button; uploading the same file again after applying previews no changes.
 */
export function CsvImport<R>({
  title,
  children,
  fileLabel,
  parse,
  run,
  describe,
}: {
  title: string;
  /** What the file holds, shown above the file input. */
  children: ReactNode;
  fileLabel: string;
  parse: (text: string) => CsvResult<R>;
  run: (rows: R[], dryRun: boolean) => Promise<ImportResult>;
  describe: (value: string | null) => string;
}) {
  const inputId = useId();
  const [state, setState] = useState<Stage<R>>({ stage: 'idle' });
  const check = useAdminMutation(
    (file: string, rows: R[]) => run(rows, true).then((result) => ({ file, rows, result })),
    {
      onSuccess: ({ file, rows, result }) => setState({ stage: 'preview', file, rows, result }),
      onError: (error) =>
        setState((s) => ({ stage: 'problem', file: 'file' in s ? s.file : '', message: error.message })),
    },
  );
  const apply = useAdminMutation(
    (file: string, rows: R[]) => run(rows, false).then((result) => ({ file, result })),
    {
      onSuccess: ({ file, result }) =>
        // a refusal that appeared since the preview (another upload, a zone renamed) is shown as one
        setState(
          result.applied ? { stage: 'applied', file, result } : { stage: 'preview', file, rows: [], result },
        ),
      onError: (error) =>
        setState((s) => ({ stage: 'problem', file: 'file' in s ? s.file : '', message: error.message })),
    },
  );

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // the same file chosen again must fire change again
    input.value = '';
    if (!file) return;
    const parsed = parse(await file.text());
    if (parsed.problem !== null) {
      setState({ stage: 'problem', file: file.name, message: parsed.problem });
      return;
    }
    setState({ stage: 'checking', file: file.name, rows: parsed.rows });
    void check.mutate(file.name, parsed.rows);
  };

  const busy = check.isPending || apply.isPending;
  return (
    <Card component="section" aria-labelledby={`${inputId}-title`} sx={{ mt: 2 }}>
      <CardContent>
        <Typography id={`${inputId}-title`} variant="h6" component="h2">
          {title}
        </Typography>
        <Box sx={{ my: 1 }}>{children}</Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, my: 1 }}>
          <Typography component="label" htmlFor={inputId} variant="body2" sx={{ fontWeight: 600 }}>
            {fileLabel}
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
            <ImportPreview title={`Preview of ${state.file}`} result={state.result} describe={describe} />
            {state.result.errors.length === 0 && state.result.changed === 0 ? (
              <Alert severity="info" role="status" sx={{ mt: 1 }}>
                No changes: every pincode in the file is already as it says.
              </Alert>
            ) : (
              <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
                <Button
                  variant="contained"
                  disabled={busy || state.result.errors.length > 0 || state.rows.length === 0}
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
            {state.result.changed === 1 ? 'change' : 'changes'} applied.
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
