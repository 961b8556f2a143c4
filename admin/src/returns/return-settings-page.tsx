import { Card, CardContent, Typography } from '@mui/material';
import {
  CanAccess,
  EditBase,
  Form,
  NumberInput,
  RadioButtonGroupInput,
  SaveButton,
  Title,
  useNotify,
} from 'react-admin';
import type { Row } from '@/lib/database';
import { useNotifyError } from '@/lib/use-admin-mutation';
import { ReturnsNav } from '@/returns/returns-nav';

type Settings = Pick<
  Row<'store_settings'>,
  'return_window_days' | 'return_pickup_days' | 'delivery_fee_refund'
>;
type Values = { [K in keyof Settings]?: Settings[K] | string | null };

const FEE_CHOICES = [
  { id: 'never', name: 'Never' },
  { id: 'store_fault', name: 'Only for damaged, defective, not-as-described or wrong items' },
  { id: 'always', name: 'Always' },
];

const wholeIn = (value: unknown, min: number, max: number) => {
  const n = Number(value);
  return value !== '' && value !== null && Number.isInteger(n) && n >= min && n <= max;
};

/** The database's checks (store_settings_return_*_check), before saving. */
function settingsErrors(values: Values) {
  const errors: Partial<Record<keyof Settings, string>> = {};
  if (!wholeIn(values.return_window_days, 1, 365)) errors.return_window_days = 'From 1 to 365 days.';
  if (!wholeIn(values.return_pickup_days, 1, 30)) errors.return_pickup_days = 'From 1 to 30 days.';
  if (!FEE_CHOICES.some((c) => c.id === values.delivery_fee_refund))
    errors.delivery_fee_refund = 'Choose one.';
  return errors;
}

/** Only these three columns: staff may update them (column grants), and nothing else is sent. */
const toSettings = (values: Values) => ({
  return_window_days: Number(values.return_window_days),
  return_pickup_days: Number(values.return_pickup_days),
  delivery_fee_refund: String(values.delivery_fee_refund),
});

/**
 * /admin/settings/returns: the store's return window (a product may set its own), how many days ahead
 * a customer may book a pickup, and whether a return's refund includes the delivery fee's share.
 * Orders keep the window they were placed under.
 */
export function ReturnSettingsPage() {
  const notify = useNotify();
  const notifyError = useNotifyError();
  return (
    <>
      <Title title="Return settings" />
      <ReturnsNav />
      <EditBase
        resource="store_settings"
        id="true"
        // store_settings' one row has the key `true`: react-admin wants the id it asked for back
        queryOptions={{ select: (settings) => ({ ...settings, id: 'true' }) }}
        mutationMode="pessimistic"
        redirect={false}
        transform={toSettings}
        mutationOptions={{
          onSuccess: () => notify('Return settings saved', { type: 'success' }),
          onError: (error: unknown) => notifyError(error, 'The return settings were not saved'),
        }}
      >
        <Card component="section" aria-labelledby="return-settings-title" sx={{ mt: 2 }}>
          <CardContent>
            <Typography id="return-settings-title" variant="h6" component="h2">
              Returns and refunds
            </Typography>
            <Form validate={settingsErrors}>
              <NumberInput
                source="return_window_days"
                label="Return window (days)"
                min={1}
                max={365}
                step={1}
                helperText="After delivery; a product may have its own. Orders keep the window they were placed under."
              />
              <NumberInput
                source="return_pickup_days"
                label="Pickup days ahead"
                min={1}
                max={30}
                step={1}
                helperText="How many days ahead (from tomorrow) a customer may book the pickup"
              />
              <RadioButtonGroupInput
                source="delivery_fee_refund"
                label="Refund the delivery fee"
                choices={FEE_CHOICES}
                row={false}
                helperText="Whether a return's proposed refund includes its items' share of the delivery fee"
              />
              <CanAccess resource="store_settings" action="edit">
                <SaveButton label="Save return settings" />
              </CanAccess>
            </Form>
          </CardContent>
        </Card>
      </EditBase>
    </>
  );
}
