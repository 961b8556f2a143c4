import { Create } from 'react-admin';
import { PromoCodeForm } from '@/promo-codes/promo-code-form';

export function PromoCodeCreate() {
  return (
    <Create redirect="list">
      <PromoCodeForm />
    </Create>
  );
}
