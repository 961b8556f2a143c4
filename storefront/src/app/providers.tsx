import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/lib/toast';
import { queryClient } from '@/lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* loaded on the first toast (lib/toast.tsx) */}
      <Toaster position="top-center" closeButton />
    </QueryClientProvider>
  );
}
