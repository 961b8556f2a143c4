import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  CanAccess,
  EditBase,
  Form,
  FormDataConsumer,
  SaveButton,
  TextInput,
  Title,
  useGetOne,
  useNotify,
} from 'react-admin';
import {
  businessErrors,
  gstinParts,
  toBusinessRow,
  type BusinessField,
  type BusinessValues,
} from '@/gst/business-rules';
import { GstNav } from '@/gst/gst-nav';
import { useNotifyError } from '@/lib/use-admin-mutation';

const row = { display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' } as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const Text = ({
  source,
  label,
  helperText,
}: {
  source: BusinessField;
  label: string;
  helperText?: string;
}) => (
  <TextInput source={source} label={label} helperText={helperText ?? false} sx={{ minWidth: 240, flex: 1 }} />
);

/**
 * The state and PAN the database derives from the GSTIN typed (its generated columns
 * gst_state_code and pan): read-only, updated as staff type, so a wrong state shows before saving.
 */
function GstinDerived({ gstin }: { gstin: string | null | undefined }) {
  const parts = gstinParts(gstin);
  const { data: state } = useGetOne('states', { id: parts?.stateCode ?? '' }, { enabled: parts !== null });
  return (
    <Box
      component="dl"
      aria-live="polite"
      sx={{ display: 'flex', gap: 3, m: 0, mb: 1, '& dd': { m: 0, fontWeight: 500 } }}
    >
      <div>
        <Typography component="dt" variant="caption">
          State (from the GSTIN)
        </Typography>
        <dd>{parts ? `${state?.name ?? '…'} (${parts.stateCode})` : '—'}</dd>
      </div>
      <div>
        <Typography component="dt" variant="caption">
          PAN (from the GSTIN)
        </Typography>
        <dd>{parts?.pan ?? '—'}</dd>
      </div>
    </Box>
  );
}

/**
 * /admin/gst/business: the seller's legal details in store_settings, which every invoice, credit
 * note, the footer and /legal show. Orders cannot be shipped while the legal name, address or GSTIN
 * is missing (the database refuses the dispatch).
 */
export function BusinessSettingsPage() {
  const notify = useNotify();
  const notifyError = useNotifyError();
  return (
    <>
      <Title title="Business & GST settings" />
      <GstNav />
      <EditBase
        resource="store_settings"
        id="true"
        // store_settings' one row has the key `true`: react-admin wants the id it asked for back
        queryOptions={{ select: (settings) => ({ ...settings, id: 'true' }) }}
        mutationMode="pessimistic"
        redirect={false}
        transform={(values: BusinessValues) => toBusinessRow(values)}
        mutationOptions={{
          onSuccess: () => notify('Business details saved', { type: 'success' }),
          onError: (error: unknown) => notifyError(error, 'The business details were not saved'),
        }}
      >
        <Form validate={(values: BusinessValues) => businessErrors(values)}>
          <Section id="seller-title" title="Seller (on invoices and the legal pages)">
            <Text
              source="legal_name"
              label="Legal name"
              helperText="As registered, e.g. FurniCraft Home Private Limited"
            />
            <TextInput
              source="registered_address"
              label="Registered address"
              multiline
              minRows={2}
              fullWidth
            />
            <Box sx={row}>
              <Text source="gstin" label="GSTIN" helperText="15 characters, e.g. 29AAECF1234K1ZM" />
              <Text
                source="authorised_signatory"
                label="Authorised signatory"
                helperText="Name, designation"
              />
            </Box>
            <FormDataConsumer<BusinessValues>>
              {({ formData }) => <GstinDerived gstin={formData.gstin} />}
            </FormDataConsumer>
          </Section>
          <Section id="numbering-title" title="Invoice numbering">
            <Typography variant="body2" sx={{ mb: 1 }}>
              Numbers are prefix/year/serial, e.g. FC/2627/000001, restarting each 1 April. A new prefix
              applies to documents issued from now on.
            </Typography>
            <Box sx={row}>
              <Text source="invoice_prefix" label="Invoice prefix" helperText="1–4 letters or digits" />
              <Text
                source="credit_note_prefix"
                label="Credit note prefix"
                helperText="1–4, not the invoices’"
              />
            </Box>
          </Section>
          <Section id="grievance-title" title="Grievance officer">
            <Box sx={row}>
              <Text source="grievance_officer_name" label="Grievance officer’s name" />
              <Text source="grievance_officer_designation" label="Designation" />
            </Box>
            <Box sx={row}>
              <Text source="grievance_officer_email" label="Grievance officer’s e-mail" />
              <Text source="grievance_officer_phone" label="Grievance officer’s phone" />
              <Text source="grievance_officer_hours" label="Grievance officer’s hours" />
            </Box>
          </Section>
          <Section id="care-title" title="Customer care">
            <Box sx={row}>
              <Text source="customer_care_email" label="Customer care e-mail" />
              <Text source="customer_care_phone" label="Customer care phone" />
              <Text source="customer_care_hours" label="Customer care hours" />
            </Box>
          </Section>
          <Box sx={{ mt: 2 }}>
            <CanAccess resource="store_settings" action="edit">
              <SaveButton label="Save business details" />
            </CanAccess>
          </Box>
        </Form>
      </EditBase>
    </>
  );
}
