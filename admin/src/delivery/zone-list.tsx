import { Chip, Stack } from '@mui/material';
import {
  BooleanField,
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  ReferenceManyCount,
  TopToolbar,
} from 'react-admin';
import { DeliveryNav } from '@/delivery/delivery-nav';
import { codLabel, feeLabel, largeItemLabel, transitLabel } from '@/delivery/zone-rules';
import type { Row } from '@/lib/database';

type Zone = Row<'delivery_zones'>;

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
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField source="name" label="Zone" render={(z: Zone) => <ZoneName zone={z} />} />
          <FunctionField source="fee" label="Fee" render={(z: Zone) => feeLabel(z)} />
          <FunctionField
            source="large_item_fee"
            label="Large items"
            render={(z: Zone) => largeItemLabel(z)}
          />
          <FunctionField source="transit_days_min" label="Transit" render={(z: Zone) => transitLabel(z)} />
          <FunctionField source="cod_available" label="Cash on Delivery" render={(z: Zone) => codLabel(z)} />
          <BooleanField source="is_active" label="Active" />
          <ReferenceManyCount label="Pincodes" reference="pincodes" target="zone_id" link />
        </Datagrid>
      </List>
    </>
  );
}
