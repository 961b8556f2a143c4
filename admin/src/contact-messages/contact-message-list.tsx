import { Button } from '@mui/material';
import {
  BooleanField,
  DataTable,
  DateField,
  List,
  NullableBooleanInput,
  SearchInput,
  useNotify,
  useRecordContext,
  useCanAccess,
  useUpdate,
} from 'react-admin';
import { MessageBulkActions } from '@/contact-messages/message-bulk-actions';
import { csvExporter } from '@/lib/csv-export';
import type { Row } from '@/lib/database';

function MarkHandledButton() {
  const record = useRecordContext<Row<'contact_messages'>>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  // messages.write (owner, support)
  const { canAccess } = useCanAccess({ resource: 'contact_messages', action: 'edit' });
  if (!record || record.handled || !canAccess) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={isPending}
      onClick={(e) => {
        e.stopPropagation();
        update(
          'contact_messages',
          { id: record.id, data: { handled: true }, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => notify('Message marked as handled', { type: 'success' }),
            onError: () => notify('Failed to update message', { type: 'error' }),
          },
        );
      }}
    >
      Mark handled
    </Button>
  );
}

export function ContactMessageList() {
  return (
    <List
      empty={false}
      exporter={csvExporter}
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder="Email" />,
        <NullableBooleanInput key="handled" source="handled" alwaysOn />,
      ]}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <DataTable rowClick={false} bulkActionButtons={<MessageBulkActions />}>
        <DataTable.Col source="created_at" label="Received">
          <DateField source="created_at" showTime />
        </DataTable.Col>
        <DataTable.Col source="full_name" label="Name" />
        <DataTable.Col source="email" />
        <DataTable.Col source="subject" />
        <DataTable.Col source="message" />
        <DataTable.Col source="handled" field={BooleanField} />
        <DataTable.Col label="Actions">
          <MarkHandledButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
