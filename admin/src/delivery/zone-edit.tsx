import { Edit } from 'react-admin';
import { DeliveryNav } from '@/delivery/delivery-nav';
import { ZoneForm } from '@/delivery/zone-form';
import { toZoneRow, type ZoneFormValues } from '@/delivery/zone-rules';
import { useZoneSaveError } from '@/delivery/use-zone-save-error';

/** Pessimistic: a refusal (a duplicate name, the default zone's rule) shows before leaving the page. */
export function ZoneEdit() {
  const onError = useZoneSaveError();
  return (
    <>
      <DeliveryNav />
      <Edit
        title="Edit delivery zone"
        mutationMode="pessimistic"
        redirect="list"
        transform={(v: ZoneFormValues) => toZoneRow(v)}
        mutationOptions={{ onError }}
      >
        <ZoneForm />
      </Edit>
    </>
  );
}
