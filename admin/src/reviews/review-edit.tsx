import { Alert, Box, Card, CardContent, Link as MuiLink, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  Edit,
  Link,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useBasename,
  useNotify,
  useRecordContext,
} from 'react-admin';
import type { Row } from '@/lib/database';
import { useNotifyError } from '@/lib/use-admin-mutation';
import { ReviewActions } from '@/reviews/review-actions';
import type { ReviewRow } from '@/reviews/review-list';
import { REVIEW_COLUMNS } from '@/reviews/review-list';
import { flagExplanations, formatReviewDate } from '@/reviews/review-rules';
import { ReviewStatusChip, Stars } from '@/reviews/review-status';
import { SignedPhotos } from '@/lib/signed-photos';
import { HistoryActions } from '@/audit/history-button';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <Typography id={id} variant="subtitle1" component="h2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The review as the customer wrote it (plain text: React escapes it), and what staff may do. */
function ReviewPage() {
  const r = useRecordContext<ReviewRow>();
  const basename = useBasename();
  if (!r) return null;
  const flags = flagExplanations(r.flags);
  return (
    <CardContent>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h6" component="h1">
          Review by {r.author_name}
        </Typography>
        <ReviewStatusChip status={r.status} />
        <ReviewActions record={r} />
      </Box>
      {flags.map((f) => (
        <Alert key={f} severity="error" sx={{ mb: 1 }}>
          {f} Reject it with a reason, or ask the customer to edit it.
        </Alert>
      ))}
      {r.status === 'rejected' && r.rejection_reason && (
        <Alert severity="warning">Rejected: {r.rejection_reason}</Alert>
      )}
      <Typography variant="body2" sx={{ mt: 1 }}>
        <MuiLink component={Link} to={`${basename}/products/edit/${r.product_id}`}>
          {r.product?.name ?? `Product ${r.product_id}`}
        </MuiLink>
        {r.variant_title ? ` (${r.variant_title})` : ''} · Verified buyer · {formatReviewDate(r.created_at)}
      </Typography>
      <Part id="review-text-title" title="Review">
        <Stars rating={r.rating} />
        <Typography variant="subtitle2" component="p" sx={{ mt: 0.5 }}>
          {r.title}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {r.body}
        </Typography>
      </Part>
      <Part id="review-photos-title" title="Photos">
        <SignedPhotos bucket="review-photos" paths={r.photos} alt={(n) => `Review photo ${n}`} />
      </Part>
    </CardContent>
  );
}

/**
 * Approve and Reject refetch the review, and react-admin then resets the form to it: a reply typed
 * meanwhile must stay (it is the only field, and it is not saved yet).
 */
const KEEP_TYPED_REPLY = { keepDirtyValues: true } as const;

function ReplyToolbar() {
  return (
    <Toolbar>
      <SaveButton label="Save reply" />
    </Toolbar>
  );
}

/** /admin/reviews/:id: the review, Approve / Reject, and the store's public reply (saved on its own). */
export function ReviewEdit() {
  const notify = useNotify();
  const notifyError = useNotifyError();
  return (
    <Edit
      title="Review"
      actions={<HistoryActions table="reviews" />}
      redirect={false}
      mutationMode="pessimistic"
      queryOptions={{ meta: { columns: REVIEW_COLUMNS } }}
      // only the reply: the status moves through the buttons above
      transform={(values: Row<'reviews'>) => ({ store_reply: values.store_reply ?? null })}
      mutationOptions={{
        meta: { columns: REVIEW_COLUMNS },
        onSuccess: () => notify('Reply saved', { type: 'success' }),
        onError: (e: unknown) => notifyError(e, 'The reply was not saved'),
      }}
    >
      <Card variant="outlined" sx={{ border: 0 }}>
        <ReviewPage />
      </Card>
      <SimpleForm toolbar={<ReplyToolbar />} resetOptions={KEEP_TYPED_REPLY}>
        <TextInput
          source="store_reply"
          label="Store reply (shown under the review)"
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </SimpleForm>
    </Edit>
  );
}
