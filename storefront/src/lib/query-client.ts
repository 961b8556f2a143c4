import { QueryClient } from '@tanstack/react-query';
import { isAppError } from '@/lib/errors';

/**
 * One QueryClient for the app, and the only retry policy (supabase-js's is switched off): network
 * failures are retried twice (after 1 s and 2 s); errors the server answered, such as a missing table
 * or a refused request, will not fix themselves and are shown at once. Each query sets its own
 * staleTime from the spec's cache rules.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => failureCount < 2 && isAppError(error) && error.code === 'network',
      refetchOnWindowFocus: false,
    },
  },
});
