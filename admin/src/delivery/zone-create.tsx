import { Create } from 'react-admin';
import { DeliveryNav } from '@/delivery/delivery-nav';
import { ZoneForm } from '@/delivery/zone-form';
import { toZoneRow, type ZoneFormValues } from '@/delivery/zone-rules';
import { useZoneSaveError } from '@/delivery/use-zone-save-error';

export function ZoneCreate() {
  const onError = useZoneSaveError();
  return (
    <>
      <DeliveryNav />
      <Create
        title="Add delivery zone"
        redirect="list"
        transform={(v: ZoneFormValues) => toZoneRow(v)}
        mutationOptions={{ onError }}
      >
        <ZoneForm />
      </Create>
    </>
  );
}
