import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isAppError, toAppError } from '@/lib/errors';
import { toast } from '@/lib/toast';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The toast for a failure the mapper cannot name more precisely (toAppError's fallback). */
      errorMessage?: string;
      /** The caller shows the failure itself: no toast from here. */
      handlesError?: boolean;
    };
  }
}

/** The one handler for failed mutations: a toast with toAppError's message, unless the mutation shows it itself. */
export function toastMutationError(
  error: unknown,
  meta: { errorMessage?: string; handlesError?: boolean } = {},
) {
  if (meta.handlesError) return;
  toast.error(toAppError(error, meta.errorMessage).userMessage);
}

/**
 * One QueryClient for the app, and the only retry policy (supabase-js's is switched off): network
 * failures are retried twice (after 1 s and 2 s); errors the server answered, such as a missing table
 * or a refused request, will not fix themselves and are shown at once. Each query sets its own
 * staleTime from the spec's cache rules. Failed mutations are toasted here (`MutationCache`).
 */
export const queryClient = new QueryClient({
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => toastMutationError(error, mutation.meta),
  }),
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => failureCount < 2 && isAppError(error) && error.code === 'network',
      refetchOnWindowFocus: false,
    },
  },
});
