import { CreateButton, DataTable, DeleteWithConfirmButton, List, TopToolbar } from 'react-admin';
import { DeliveryNav } from '@/delivery/delivery-nav';
import { DeliverySchedule } from '@/delivery/delivery-schedule';
import { formatDay, todayIST } from '@/delivery/delivery-days';
import type { Row } from '@/lib/database';

type Holiday = Row<'delivery_holidays'>;
const Column = DataTable.Col<Holiday>;

function DeleteHoliday({ holiday }: { holiday: Holiday }) {
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      redirect={false}
      label="Delete"
      aria-label={`Delete ${holiday.name}`}
      confirmTitle={`Delete the holiday ${holiday.name}?`}
      confirmContent={`${formatDay(holiday.day)} becomes a delivery day again.`}
    />
  );
}

/**
 * Holidays & cut-off: the order cut-off and weekdays without delivery, then the coming holidays
 * (days without delivery that transit days skip). Past holidays no longer move a delivery: hidden.
 */
export function HolidayList() {
  return (
    <>
      <DeliveryNav />
      <DeliverySchedule />
      <List
        title="Holidays & cut-off"
        empty={false}
        exporter={false}
        filter={{ 'day@gte': todayIST() }}
        sort={{ field: 'day', order: 'ASC' }}
        perPage={50}
        actions={
          <TopToolbar>
            <CreateButton label="Add holiday" />
          </TopToolbar>
        }
        sx={{ mt: 2 }}
      >
        <DataTable rowClick={false} bulkActionButtons={false}>
          <Column source="day" label="Day" render={(h) => formatDay(h.day)} />
          <Column source="name" label="Holiday" />
          <Column label="Actions" render={(h) => <DeleteHoliday holiday={h} />} />
        </DataTable>
      </List>
    </>
  );
}
