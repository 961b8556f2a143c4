import { Chip, Stack } from '@mui/material';
import { BooleanField, CreateButton, DataTable, List, ReferenceManyCount, TopToolbar } from 'react-admin';
import { DeliveryNav } from '@/delivery/delivery-nav';
import { codLabel, feeLabel, largeItemLabel, transitLabel } from '@/delivery/zone-rules';
import type { Row } from '@/lib/database';

type Zone = Row<'delivery_zones'>;
const Column = DataTable.Col<Zone>;

function ZoneName({ zone }: { zone: Zone }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>{zone.name}</span>
      {zone.is_default && <Chip label="Default" size="small" color="primary" />}
    </Stack>
  );
}

/**
 * Delivery zones: each serviceable pincode belongs to one, which sets its fee, transit days, large
 * items and Cash on Delivery. The default zone carries the storefront's banner rule; new pincodes
 * join it. The pincode count links to the Pincodes list of the zone.
 */
export function ZoneList() {
  return (
    <>
      <DeliveryNav />
      <List
        title="Delivery zones"
        empty={false}
        exporter={false}
        pagination={false}
        perPage={100}
        sort={{ field: 'name', order: 'ASC' }}
        actions={
          <TopToolbar>
            <CreateButton label="Add zone" />
          </TopToolbar>
        }
      >
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <Column source="name" label="Zone" render={(z) => <ZoneName zone={z} />} />
          <Column source="fee" label="Fee" render={(z) => feeLabel(z)} />
          <Column source="large_item_fee" label="Large items" render={(z) => largeItemLabel(z)} />
          <Column source="transit_days_min" label="Transit" render={(z) => transitLabel(z)} />
          <Column source="cod_available" label="Cash on Delivery" render={(z) => codLabel(z)} />
          <Column source="is_active" label="Active" field={BooleanField} />
          <Column label="Pincodes">
            <ReferenceManyCount reference="pincodes" target="zone_id" link />
          </Column>
        </DataTable>
      </List>
    </>
  );
}
