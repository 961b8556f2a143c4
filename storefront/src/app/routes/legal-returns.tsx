import { useQuery } from '@tanstack/react-query';
import { STORE_NAME } from 'shared/config';
import { storeSettingsQueries } from '@/features/store/api/store-settings';
import { LegalPage } from '@/features/store/components/legal-page';
import { WithBusinessDetails } from '@/features/store/components/business-details';
import { ReturnsPolicy } from '@/features/store/components/returns-policy';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  usePageTitle(
    'Returns, refunds and cancellation',
    `${STORE_NAME}'s return, refund and cancellation policy.`,
  );
  // The same store_settings row as the seller's details (one request): here once those are.
  const terms = useQuery(storeSettingsQueries.returnTerms()).data;
  return (
    <LegalPage title="Returns, refunds and cancellation">
      <WithBusinessDetails>
        {(b) => terms && <ReturnsPolicy business={b} terms={terms} />}
      </WithBusinessDetails>
    </LegalPage>
  );
}
