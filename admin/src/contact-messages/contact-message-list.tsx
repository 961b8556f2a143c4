import { Button } from '@mui/material';
import {
  BooleanField,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NullableBooleanInput,
  SearchInput,
  TextField,
  useNotify,
  useRecordContext,
  useUpdate,
} from 'react-admin';
import { csvExporter } from '@/lib/csv-export';
import type { Row } from '@/lib/database';

function MarkHandledButton() {
  const record = useRecordContext<Row<'contact_messages'>>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!record || record.handled) return null;
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
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <DateField source="created_at" label="Received" showTime />
        <TextField source="full_name" label="Name" />
        <TextField source="email" />
        <TextField source="subject" />
        <TextField source="message" />
        <BooleanField source="handled" />
        <FunctionField label="Actions" render={() => <MarkHandledButton />} />
      </Datagrid>
    </List>
  );
}
