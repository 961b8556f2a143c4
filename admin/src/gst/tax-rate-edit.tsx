import { Edit } from 'react-admin';
import { GstNav } from '@/gst/gst-nav';
import { TaxRateForm } from '@/gst/tax-rate-form';
import { toTaxRateRow, type TaxRateValues } from '@/gst/tax-rate-rules';
import { useNotifyError } from '@/lib/use-admin-mutation';

/** Pessimistic: a refusal (the same HSN and date twice) shows before leaving the page. */
export function TaxRateEdit() {
  const notifyError = useNotifyError();
  return (
    <>
      <GstNav />
      <Edit
        title="Edit tax rate"
        mutationMode="pessimistic"
        redirect="list"
        transform={(v: TaxRateValues) => toTaxRateRow(v)}
        mutationOptions={{ onError: (error: unknown) => notifyError(error, 'The rate was not saved') }}
      >
        <TaxRateForm />
      </Edit>
    </>
  );
}
