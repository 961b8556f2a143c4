import DoneAllIcon from '@mui/icons-material/DoneAll';
import {
  BulkDeleteButton,
  Button,
  useCanAccess,
  useListContext,
  useNotify,
  useUnselectAll,
  useUpdateMany,
} from 'react-admin';
import { useNotifyError } from '@/lib/use-admin-mutation';

const messagesNoun = (n: number) => (n === 1 ? 'Message' : `${n} messages`);

/** Marks the selected messages handled, undoable: nothing is sent until the notification closes. */
function BulkMarkHandledButton() {
  const { selectedIds } = useListContext();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const unselectAll = useUnselectAll('contact_messages');
  const [updateMany, { isPending }] = useUpdateMany(
    'contact_messages',
    { ids: selectedIds, data: { handled: true } },
    {
      mutationMode: 'undoable',
      onSuccess: () => {
        notify(`${messagesNoun(selectedIds.length)} marked handled`, { type: 'info', undoable: true });
        unselectAll();
      },
      onError: (error) => notifyError(error, 'Not marked handled'),
    },
  );
  return (
    <Button label="Mark handled" onClick={() => void updateMany()} disabled={isPending}>
      <DoneAllIcon />
    </Button>
  );
}

/**
 * The messages list's bulk actions (messages.write): mark handled, and react-admin's delete, both
 * undoable (react-admin's default for BulkDeleteButton: the rows go at once, the DELETE waits).
 */
export function MessageBulkActions() {
  const { canAccess } = useCanAccess({ resource: 'contact_messages', action: 'edit' });
  if (!canAccess) return null;
  return (
    <>
      <BulkMarkHandledButton />
      <BulkDeleteButton mutationMode="undoable" />
    </>
  );
}
