import { Alert, Box } from '@mui/material';
import {
  DateInput,
  DeleteWithConfirmButton,
  NumberInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import type { Row } from '@/lib/database';
import { percent, taxRateErrors } from '@/gst/tax-rate-rules';

const row = { display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' } as const;

/** Said on the list and the form: a rate is data with a date, and orders keep what they were charged. */
export function PastOrdersNote() {
  return (
    <Alert severity="info" sx={{ my: 1, width: '100%' }}>
      A rate applies to orders placed on or after its effective date. Orders already placed keep the rate they
      were charged (each order line stores its HSN and rate), and their invoices never change. For a rate
      change, add a new row from its date rather than editing the old one.
    </Alert>
  );
}

function TaxRateToolbar() {
  const rate = useRecordContext<Row<'tax_rates'>>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {rate && (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          confirmTitle={`Delete the ${percent(rate.rate)} rate of HSN ${rate.hsn_code}?`}
          confirmContent="New orders then use the rate before it (or refuse the product if none applies). Past orders keep theirs."
        />
      )}
    </Toolbar>
  );
}

/** An HSN's GST rate from a date, for add and edit. */
export function TaxRateForm() {
  return (
    <SimpleForm validate={taxRateErrors} toolbar={<TaxRateToolbar />}>
      <PastOrdersNote />
      <Box sx={row}>
        <TextInput
          source="hsn_code"
          label="HSN code"
          helperText="4, 6 or 8 digits; the longest match decides"
        />
        <NumberInput source="rate" label="GST rate (%)" min={0} max={40} step={0.01} helperText="0 to 40" />
        <DateInput source="effective_from" label="Effective from" />
      </Box>
      <TextInput source="description" label="Description of goods" fullWidth />
      <TextInput
        source="notification"
        label="Notification"
        helperText="The citation, e.g. Notification 9/2025-Central Tax (Rate)"
        fullWidth
      />
    </SimpleForm>
  );
}
