import { Create } from 'react-admin';
import { GstNav } from '@/gst/gst-nav';
import { TaxRateForm } from '@/gst/tax-rate-form';
import { toTaxRateRow, type TaxRateValues } from '@/gst/tax-rate-rules';
import { useNotifyError } from '@/lib/use-admin-mutation';

export function TaxRateCreate() {
  const notifyError = useNotifyError();
  return (
    <>
      <GstNav />
      <Create
        title="Add tax rate"
        redirect="list"
        transform={(v: TaxRateValues) => toTaxRateRow(v)}
        mutationOptions={{ onError: (error: unknown) => notifyError(error, 'The rate was not saved') }}
      >
        <TaxRateForm />
      </Create>
    </>
  );
}
