import { Edit } from 'react-admin';
import { PromoCodeForm } from '@/promo-codes/promo-code-form';

export function PromoCodeEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <PromoCodeForm />
    </Edit>
  );
}
