import { Box, Card, CardContent, Typography } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';

/** The centred card of the pages before sign-in: login, forgot password, set password. */
export function AuthCard({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit?: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: '#f5f5f4', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent
          component={onSubmit ? 'form' : 'div'}
          onSubmit={onSubmit}
          sx={{ display: 'grid', gap: 2 }}
        >
          <Typography variant="h5" component="h1" textAlign="center">
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}

/** The store's brown for the pages' main button (white text on it passes WCAG AA). */
export const primaryButtonSx = { bgcolor: '#92400e' } as const;
