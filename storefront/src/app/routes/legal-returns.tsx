import { STORE_NAME } from 'shared/config';
import { LegalPage } from '@/features/store/components/legal-page';
import { WithBusinessDetails } from '@/features/store/components/business-details';
import { ReturnsPolicy } from '@/features/store/components/returns-policy';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  usePageTitle(
    'Returns, refunds and cancellation',
    `${STORE_NAME}'s return, refund and cancellation policy.`,
  );
  return (
    <LegalPage title="Returns, refunds and cancellation">
      <WithBusinessDetails>{(b) => <ReturnsPolicy business={b} />}</WithBusinessDetails>
    </LegalPage>
  );
}
