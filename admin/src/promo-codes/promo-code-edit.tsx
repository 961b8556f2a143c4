import { Edit } from 'react-admin';
import { PromoCodeForm } from '@/promo-codes/promo-code-form';
import { HistoryActions } from '@/audit/history-button';

export function PromoCodeEdit() {
  return (
    <Edit mutationMode="pessimistic" actions={<HistoryActions table="promo_codes" />}>
      <PromoCodeForm />
    </Edit>
  );
}
