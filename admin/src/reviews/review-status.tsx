import { Box, Chip } from '@mui/material';
import { flagChip, reviewStatusLabel, stars } from '@/reviews/review-rules';

const colors: Record<string, 'warning' | 'success' | 'error'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
};

export function ReviewStatusChip({ status }: { status: string }) {
  return (
    <Chip size="small" label={reviewStatusLabel[status] ?? status} color={colors[status] ?? 'default'} />
  );
}

/** Five stars drawn, the number said (the glyphs alone mean nothing to a screen reader). */
export function Stars({ rating }: { rating: number }) {
  return (
    // the theme's warning colour: amber on light, a lighter orange on dark (both AA on their background)
    <Box
      component="span"
      role="img"
      aria-label={`${rating} out of 5 stars`}
      sx={{ color: 'warning.main', whiteSpace: 'nowrap' }}
    >
      {stars(rating)}
    </Box>
  );
}

/** What keeps a review from being approved, as small chips (nothing when clean). */
export function FlagChips({ flags }: { flags: readonly string[] | null }) {
  if (!flags || flags.length === 0) return null;
  return (
    <>
      {flags.map((f) => (
        <Chip key={f} size="small" variant="outlined" color="error" label={flagChip(f)} sx={{ mr: 0.5 }} />
      ))}
    </>
  );
}
