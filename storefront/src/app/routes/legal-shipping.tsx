import { useQuery } from '@tanstack/react-query';
import { STORE_NAME } from 'shared/config';
import { PageSpinner } from '@/components/ui/page-spinner';
import { storeSettingsQueries } from '@/features/store/api/store-settings';
import { LegalPage } from '@/features/store/components/legal-page';
import { ShippingPolicy } from '@/features/store/components/shipping-policy';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  usePageTitle('Shipping policy', `${STORE_NAME}'s shipping policy: where, when and at what fee we deliver.`);
  const terms = useQuery(storeSettingsQueries.shippingTerms());
  return (
    <LegalPage title="Shipping policy">
      {terms.isPending && <PageSpinner />}
      {terms.isError && (
        <p role="alert" className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900">
          We could not load the shipping policy. Please try again.
        </p>
      )}
      {terms.data && <ShippingPolicy terms={terms.data} />}
    </LegalPage>
  );
}
