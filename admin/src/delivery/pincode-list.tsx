import {
  DataTable,
  List,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  TextField,
  TextInput,
} from 'react-admin';
import { DeliveryNav } from '@/delivery/delivery-nav';

/** `prefix` is matched at the pincode's start (mapPrefix in lib/providers.ts). */
const pincodeFilters = [
  <TextInput
    key="prefix"
    source="prefix"
    label="Pincode starts with"
    alwaysOn
    parse={(v: string) => v.replace(/\D/g, '').slice(0, 6)}
    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
  />,
  <ReferenceInput
    key="state"
    source="state_code"
    reference="states"
    sort={{ field: 'name', order: 'ASC' }}
    perPage={50}
    alwaysOn
  >
    <SelectInput optionText="name" label="State" emptyText="All states" />
  </ReferenceInput>,
  <ReferenceInput
    key="zone"
    source="zone_id"
    reference="delivery_zones"
    sort={{ field: 'name', order: 'ASC' }}
    alwaysOn
  >
    <SelectInput optionText="name" label="Zone" emptyText="All zones" />
  </ReferenceInput>,
  <SelectInput
    key="nozone"
    source="zone_id@is"
    label="Delivery"
    choices={[{ id: 'null', name: 'In no zone (not delivered to)' }]}
    emptyText="Any"
  />,
];

/**
 * India Post's pincode directory as the store holds it: where each pincode is and which delivery
 * zone it belongs to. Read-only: zones are assigned, and the directory reloaded, by CSV upload.
 */
export function PincodeList() {
  return (
    <>
      <DeliveryNav />
      <List
        title="Pincodes"
        empty={false}
        exporter={false}
        filters={pincodeFilters}
        sort={{ field: 'pincode', order: 'ASC' }}
        perPage={25}
      >
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="pincode" label="Pincode" />
          <DataTable.Col source="office" label="Post office" />
          <DataTable.Col source="city" label="City" />
          <DataTable.Col source="district" label="District" />
          <DataTable.Col source="state_code" label="State" disableSort>
            <ReferenceField source="state_code" reference="states" link={false}>
              <TextField source="name" />
            </ReferenceField>
          </DataTable.Col>
          <DataTable.Col source="zone_id" label="Zone" disableSort>
            <ReferenceField source="zone_id" reference="delivery_zones" link="edit" emptyText="No zone">
              <TextField source="name" />
            </ReferenceField>
          </DataTable.Col>
        </DataTable>
      </List>
    </>
  );
}
