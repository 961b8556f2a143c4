import { Alert, Box } from '@mui/material';
import {
  BooleanInput,
  DeleteWithConfirmButton,
  FormDataConsumer,
  NumberInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import { feeLabel, validateZone, type ZoneFormValues } from '@/delivery/zone-rules';
import type { Row } from '@/lib/database';

const row = { display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' } as const;

/** Save, and Delete for a zone other than the default (its pincodes are then in no zone). */
function ZoneToolbar() {
  const zone = useRecordContext<Row<'delivery_zones'>>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {zone && !zone.is_default && (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          confirmTitle={`Delete the zone ${zone.name}?`}
          confirmContent="Its pincodes will belong to no zone: the store will not deliver to them until they are assigned again."
        />
      )}
    </Toolbar>
  );
}

/**
 * A delivery zone's fee, large items, transit and Cash on Delivery, for add and edit. The default
 * zone's fee and free-above threshold are shown (in the note), not as inputs: they are the storefront banner's
 * rule (shared/pricing/delivery, ADR 007) and change only with a migration, as the database
 * enforces (default_zone_fee_rule); it cannot be deactivated either (default_zone_required).
 */
export function ZoneForm() {
  const zone = useRecordContext<Row<'delivery_zones'>>();
  const isDefault = zone?.is_default === true;
  return (
    <SimpleForm
      validate={validateZone}
      toolbar={<ZoneToolbar />}
      defaultValues={{
        fee: 0,
        large_item_fee: 0,
        delivers_large_items: true,
        transit_days_min: 5,
        transit_days_max: 7,
        cod_available: true,
        is_active: true,
      }}
    >
      {isDefault && (
        <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
          This is the default zone: new pincodes join it. Its fee and free-above threshold ({feeLabel(zone)})
          are the delivery rule the storefront’s banner shows, so they change only with a database migration,
          not here. It cannot be deactivated or deleted.
        </Alert>
      )}
      <TextInput source="name" label="Zone name" fullWidth />
      {!isDefault && (
        <Box sx={row}>
          <NumberInput
            source="fee"
            label="Delivery fee (₹)"
            min={0}
            step={1}
            helperText="Charged below the free-above amount"
          />
          <NumberInput
            source="free_above"
            label="Free above (₹)"
            min={0}
            step={1}
            helperText="Empty: never free"
          />
        </Box>
      )}
      <BooleanInput source="delivers_large_items" label="Delivers large items (two-person delivery)" />
      <NumberInput
        source="large_item_fee"
        label="Large-item fee (₹ per large item)"
        min={0}
        step={1}
        helperText="Added for each large item, even when delivery is free"
      />
      <Box sx={row}>
        <NumberInput
          source="transit_days_min"
          label="Transit from (working days)"
          min={0}
          step={1}
          helperText="Counted after the order is processed"
        />
        <NumberInput source="transit_days_max" label="Transit to (working days)" min={0} step={1} />
      </Box>
      <BooleanInput source="cod_available" label="Cash on Delivery offered" />
      <FormDataConsumer<ZoneFormValues>>
        {({ formData }) =>
          formData.cod_available ? (
            <NumberInput
              source="cod_max_total"
              label="Cash on Delivery up to (₹)"
              min={1}
              step={1}
              helperText="Empty: only the store’s own limit"
            />
          ) : null
        }
      </FormDataConsumer>
      <BooleanInput
        source="is_active"
        label="Active (an inactive zone’s pincodes are not delivered to)"
        readOnly={isDefault}
        helperText={isDefault ? 'The default zone is always active.' : undefined}
      />
    </SimpleForm>
  );
}
