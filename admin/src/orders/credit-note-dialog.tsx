import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';
import {
  REASON_MAX,
  creditDraftErrors,
  hasErrors,
  toCreditNoteItems,
  type CreditDraft,
  type CreditDraftErrors,
  type CreditLine,
} from '@/orders/credit-note-draft';

const empty: CreditDraft = { quantities: {}, reason: '' };
const noErrors: CreditDraftErrors = { lines: {} };

/**
 * Issue credit note: units of the invoiced lines to take back (a return, a correction) and the
 * reason. admin_issue_credit_note numbers it in the credit-note series, cites the invoice and
 * splits the tax as the invoice did; its refusals are shown here, in the database's words.
 */
export function CreditNoteDialog({
  open,
  orderId,
  invoiceNumber,
  lines,
  onClose,
  onDone,
}: {
  open: boolean;
  orderId: string;
  invoiceNumber: string;
  lines: CreditLine[];
  onClose: () => void;
  onDone: () => void;
}) {
  const notify = useNotify();
  // a phone gets the whole screen, the lines' table scrolling sideways if it must
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [draft, setDraft] = useState<CreditDraft>(empty);
  const [errors, setErrors] = useState<CreditDraftErrors>(noErrors);
  const [refused, setRefused] = useState<string | null>(null);
  const close = () => {
    setDraft(empty);
    setErrors(noErrors);
    setRefused(null);
    onClose();
  };
  const issue = useAdminMutation(storeApi.issueCreditNote, {
    onSuccess: (note) => {
      notify(`Credit note ${note.number} issued`, { type: 'success' });
      close();
      onDone();
    },
    onError: (error) => setRefused(error.message),
  });
  const submit = () => {
    const found = creditDraftErrors(lines, draft);
    setErrors(found);
    setRefused(null);
    if (!hasErrors(found))
      void issue.mutate({
        order_id: orderId,
        items: toCreditNoteItems(lines, draft),
        reason: draft.reason.trim(),
      });
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="credit-note-title"
      fullWidth
      maxWidth="md"
      fullScreen={phone}
    >
      <DialogTitle id="credit-note-title">Issue credit note</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          Against invoice {invoiceNumber}. Each unit is credited at what it was charged (its share of the
          discount and delivery included), with the tax as on the invoice.
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Lines to credit">
            <TableHead>
              <TableRow>
                <TableCell>Item</TableCell>
                <TableCell align="right">Invoiced</TableCell>
                <TableCell align="right">Credited</TableCell>
                <TableCell>Credit now</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => (
                <TableRow key={line.id}>
                  <TableCell>{line.name}</TableCell>
                  <TableCell align="right">{line.invoiced}</TableCell>
                  <TableCell align="right">{line.credited}</TableCell>
                  <TableCell>
                    <TextField
                      type="number"
                      size="small"
                      label={`Units of ${line.name}`}
                      value={draft.quantities[line.id] ?? ''}
                      disabled={line.left === 0}
                      onChange={(e) =>
                        setDraft((d) => ({
                          ...d,
                          quantities: { ...d.quantities, [line.id]: e.target.value },
                        }))
                      }
                      error={errors.lines[line.id] !== undefined}
                      helperText={errors.lines[line.id] ?? `up to ${line.left}`}
                      slotProps={{ htmlInput: { min: 0, max: line.left, step: 1 } }}
                      sx={{ width: 160 }}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <TextField
          label="Reason"
          value={draft.reason}
          onChange={(e) => setDraft((d) => ({ ...d, reason: e.target.value }))}
          error={errors.reason !== undefined}
          helperText={errors.reason ?? 'Printed on the credit note, e.g. Returned: damaged in transit'}
          slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          multiline
          minRows={2}
          fullWidth
          sx={{ mt: 2 }}
        />
        {errors.form && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errors.form}
          </Alert>
        )}
        {refused && (
          <Alert severity="error" sx={{ mt: 2 }}>
            The credit note was not issued: {refused}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={issue.isPending}>
          Issue credit note
        </Button>
      </DialogActions>
    </Dialog>
  );
}
