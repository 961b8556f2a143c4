import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { formatINR } from 'shared/pricing/format';
import type { Row } from '@/lib/database';
import { toAdminError } from '@/lib/errors';
import { storeApi } from '@/lib/providers';
import { useAdminMutation } from '@/lib/use-admin-mutation';
import { QuoteBreakdown, useRefundQuote } from '@/refunds/refund-quote';
import {
  REFUND_REASON_MAX,
  maskBank,
  maskUpi,
  referenceError,
  refundAmountError,
  refundReasonError,
} from '@/returns/return-rules';

export interface RefundTarget {
  order: Pick<Row<'orders'>, 'id' | 'order_number' | 'payment_method'>;
  /** The return refunded; none for a goodwill or partial refund of the order. */
  ret?: Pick<Row<'returns'>, 'id' | 'return_number' | 'refund_upi_id' | 'refund_bank'>;
  /** Without a return: what the order has left to refund (captured − refunds not failed). */
  refundable?: number;
}

type Method = 'provider' | 'manual';

/** Creates the refund, then asks the refunds function to issue it now (it also runs every minute). */
async function refundNow(args: Parameters<typeof storeApi.createRefund>[0]) {
  const refund = await storeApi.createRefund(args);
  if (refund.status !== 'pending') return { refund, notIssued: null };
  try {
    await storeApi.issueRefunds(refund.order_id);
    return { refund, notIssued: null };
  } catch (error) {
    return { refund, notIssued: toAdminError(error).message };
  }
}

/**
 * Refund: the amount (a return's is proposed by return_refund_quote, with its breakdown; staff may
 * lower it for a partial refund), the reason, and for cash on delivery where the money goes: a
 * payout to the UPI ID or bank account the customer gave, or a transfer staff made themselves,
 * recorded with its reference. Mount it when it opens: the request key is made once per opening, so a
 * double click (or a retried request) makes one refund (admin_create_refund answers the same row).
 */
export function RefundDialog({
  order,
  ret,
  refundable,
  onClose,
  onDone,
}: RefundTarget & {
  onClose: () => void;
  onDone: () => void;
}) {
  const notify = useNotify();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [requestKey] = useState(() => crypto.randomUUID());
  const quote = useRefundQuote(ret?.id);
  // what staff typed; until then a return's proposal
  const [typed, setAmount] = useState<string | null>(null);
  const amount = typed ?? (quote.data ? String(quote.data.amount) : '');
  const cod = order.payment_method !== 'razorpay';
  const account = ret?.refund_upi_id
    ? `Pay to UPI ${maskUpi(ret.refund_upi_id)}`
    : ret?.refund_bank
      ? `Pay to bank account ${maskBank(ret.refund_bank)}`
      : null;
  const [method, setMethod] = useState<Method>(cod && !account ? 'manual' : 'provider');
  const [reason, setReason] = useState(ret ? `Return ${ret.return_number}` : '');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'amount' | 'reason' | 'reference', string>>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const max = ret ? (quote.data?.amount ?? 0) : (refundable ?? 0);

  const refund = useAdminMutation(refundNow, {
    onSuccess: ({ refund: r, notIssued }) => {
      const what = `Refund of ${formatINR(r.amount)}`;
      if (r.status === 'processed') notify(`${what} recorded`, { type: 'success' });
      else if (notIssued)
        notify(`${what} created; sending it failed for now (${notIssued}). It is retried every minute.`, {
          type: 'warning',
        });
      else notify(`${what} sent`, { type: 'success' });
      onDone();
    },
    onError: (e) => setRefused(e.message),
  });

  const submit = () => {
    const manual = cod && method === 'manual';
    const found = {
      amount: refundAmountError(amount, max) ?? undefined,
      reason: refundReasonError(reason) ?? undefined,
      reference: manual ? (referenceError(reference) ?? undefined) : undefined,
    };
    setErrors(found);
    setRefused(null);
    if (found.amount || found.reason || found.reference) return;
    void refund.mutate({
      order_id: order.id,
      amount: Number(amount.trim()),
      reason: reason.trim(),
      request_key: requestKey,
      ...(ret ? { return_id: ret.id } : {}),
      ...(manual ? { reference: reference.trim() } : {}),
    });
  };

  const title = ret ? `Refund return ${ret.return_number}` : `Refund order ${order.order_number}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby="refund-title" fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle id="refund-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {ret &&
            (quote.error ? (
              <Alert severity="error">The proposal could not be loaded: {quote.error}</Alert>
            ) : quote.data ? (
              <QuoteBreakdown quote={quote.data} />
            ) : (
              <Typography variant="body2">Working out the proposal…</Typography>
            ))}
          {!ret && (
            <Typography variant="body2">
              A goodwill or partial refund of the order: up to {formatINR(max)} is left to refund.
            </Typography>
          )}
          <TextField
            label="Amount (₹)"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={errors.amount !== undefined}
            helperText={errors.amount ?? (ret ? 'Lower it for a partial refund' : `Up to ${formatINR(max)}`)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={errors.reason !== undefined}
            helperText={errors.reason ?? 'The customer sees it in the refund mail'}
            slotProps={{ htmlInput: { maxLength: REFUND_REASON_MAX } }}
          />
          {cod ? (
            <RadioGroup
              aria-label="How the money is paid"
              value={method}
              onChange={(e) => setMethod(e.target.value === 'manual' ? 'manual' : 'provider')}
            >
              {account && <FormControlLabel value="provider" control={<Radio />} label={account} />}
              <FormControlLabel
                value="manual"
                control={<Radio />}
                label="Record a transfer made outside (reference)"
              />
            </RadioGroup>
          ) : (
            <Typography variant="body2">
              Refunded to the customer’s original payment through Razorpay.
            </Typography>
          )}
          {cod && method === 'manual' && (
            <TextField
              label="Transfer reference (UTR)"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              error={errors.reference !== undefined}
              helperText={errors.reference ?? 'From your bank’s confirmation'}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          )}
          {refused && <Alert severity="error">The refund was not made: {refused}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={refund.isPending || (ret !== undefined && !quote.data) || (ret !== undefined && max <= 0)}
        >
          Refund
        </Button>
      </DialogActions>
    </Dialog>
  );
}
