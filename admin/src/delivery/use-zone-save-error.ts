import type { RaRecord } from 'react-admin';
import { constraintMessage } from '@/lib/errors';
import { useNotifyError } from '@/lib/use-admin-mutation';

/**
 * A zone save's refusal as a notification: a duplicate name names the name typed (PostgREST's
 * details, which would show it, are not always there), anything else as toAdminError says.
 */
export function useZoneSaveError() {
  const notifyError = useNotifyError();
  return (error: unknown, variables?: { data?: Partial<RaRecord> }) => {
    const name: unknown = variables?.data?.['name'];
    const sent = typeof name === 'string' ? name : undefined;
    notifyError(constraintMessage(error, sent) ?? error);
  };
}
