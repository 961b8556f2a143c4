import { Card, CardContent, Typography } from '@mui/material';
import { CanAccess, CheckboxGroupInput, EditBase, Form, SaveButton, TextInput, useNotify } from 'react-admin';
import {
  WEEKDAY_CHOICES,
  cutoffInput,
  scheduleErrors,
  toSchedule,
  type ScheduleValues,
} from '@/delivery/delivery-days';

/**
 * The order cut-off (IST) and the weekdays without delivery, store_settings' two columns for
 * delivery dates: an order after the cut-off, or on a day without delivery, is processed from the
 * next working day, and transit days skip these weekdays and the holidays below.
 */
export function DeliverySchedule() {
  const notify = useNotify();
  return (
    <EditBase
      resource="store_settings"
      id="true"
      // store_settings' one row has the key `true`: react-admin wants the id it asked for back
      queryOptions={{ select: (settings) => ({ ...settings, id: 'true' }) }}
      mutationMode="pessimistic"
      redirect={false}
      transform={(values: ScheduleValues) => toSchedule(values)}
      mutationOptions={{ onSuccess: () => notify('Cut-off and delivery days saved', { type: 'success' }) }}
    >
      <Card component="section" aria-labelledby="delivery-schedule-title" sx={{ mt: 2 }}>
        <CardContent>
          <Typography id="delivery-schedule-title" variant="h6" component="h2">
            Order cut-off and delivery days
          </Typography>
          <Form validate={(values: ScheduleValues) => scheduleErrors(values)}>
            <TextInput
              source="order_cutoff"
              label="Order cut-off (IST)"
              type="time"
              format={cutoffInput}
              helperText="Orders after this time are processed from the next working day"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <CheckboxGroupInput
              source="non_delivery_weekdays"
              label="No delivery on"
              choices={WEEKDAY_CHOICES}
              helperText="Transit days skip these weekdays and the holidays below"
            />
            <CanAccess resource="store_settings" action="edit">
              <SaveButton label="Save cut-off and days" />
            </CanAccess>
          </Form>
        </CardContent>
      </Card>
    </EditBase>
  );
}
