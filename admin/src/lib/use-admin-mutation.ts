import { useCallback, useState } from 'react';
import { useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { toAdminError, type AdminError } from '@/lib/errors';

/**
 * Shows a failure as a notification: `failure: message` (or the message alone), the message from
 * toAdminError. The one way the console turns an error into a notification; react-admin's own
 * forms do the same with the AdminError the data provider throws.
 */
export function useNotifyError() {
  const notify = useNotify();
  return useCallback(
    (error: unknown, failure?: string) => {
      const { message } = toAdminError(error);
      notify(failure ? `${failure}: ${message}` : message, { type: 'error' });
    },
    [notify],
  );
}

interface AdminMutationOptions<T> {
  /** Put before the error's message, e.g. 'Failed to update order'. */
  failure?: string;
  onSuccess?: (data: T) => void;
  /** Handles the error here instead of the default notification. */
  onError?: (error: AdminError) => void;
  /** After success or failure, e.g. refresh(). */
  onSettled?: () => void;
}

/**
 * A write outside react-admin's CRUD hooks (an RPC, an Edge Function), with `isPending` for the
 * button. Every failure goes through authProvider.checkError as react-admin's own calls do (an
 * expired session signs staff out), and one the caller does not handle (no onError) becomes a
 * notification here.
 */
export function useAdminMutation<A extends unknown[], T>(
  run: (...args: A) => Promise<T>,
  { failure, onSuccess, onError, onSettled }: AdminMutationOptions<T>,
) {
  const notifyError = useNotifyError();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [isPending, setPending] = useState(false);
  const mutate = async (...args: A) => {
    setPending(true);
    try {
      const data = await run(...args);
      setPending(false);
      onSuccess?.(data);
    } catch (error) {
      setPending(false);
      void logoutIfAccessDenied(error);
      if (onError) onError(toAdminError(error));
      else notifyError(error, failure);
    }
    onSettled?.();
  };
  return { mutate, isPending };
}
