import { Create, DateInput, SimpleForm, TextInput, maxLength, required } from 'react-admin';
import { DeliveryNav } from '@/delivery/delivery-nav';

/** A day without delivery (a festival, a stock-taking day): transit days skip it. */
export function HolidayCreate() {
  return (
    <>
      <DeliveryNav />
      <Create title="Add holiday" redirect="list">
        <SimpleForm>
          <DateInput source="day" label="Date" validate={required('Choose the day.')} />
          <TextInput
            source="name"
            label="Holiday name"
            validate={[required('Name the holiday.'), maxLength(80, 'At most 80 characters.')]}
            helperText="E.g. Diwali, Republic Day"
          />
        </SimpleForm>
      </Create>
    </>
  );
}
