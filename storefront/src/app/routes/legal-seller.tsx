import { STORE_NAME } from 'shared/config';
import { LegalPage } from '@/features/store/components/legal-page';
import { WithBusinessDetails } from '@/features/store/components/business-details';
import { SellerDetails } from '@/features/store/components/seller-details';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  usePageTitle('Seller details', `Who sells on ${STORE_NAME}: legal name, registered address, GSTIN.`);
  return (
    <LegalPage title="Seller details">
      <p className="mt-2 text-stone-700">Every product on {STORE_NAME} is sold and shipped by:</p>
      <WithBusinessDetails>{(b) => <SellerDetails business={b} />}</WithBusinessDetails>
    </LegalPage>
  );
}
