import { Create } from 'react-admin';
import { DeliveryNav } from '@/delivery/delivery-nav';
import { ZoneForm } from '@/delivery/zone-form';
import { toZoneRow, type ZoneFormValues } from '@/delivery/zone-rules';

export function ZoneCreate() {
  return (
    <>
      <DeliveryNav />
      <Create title="Add delivery zone" redirect="list" transform={(v: ZoneFormValues) => toZoneRow(v)}>
        <ZoneForm />
      </Create>
    </>
  );
}
