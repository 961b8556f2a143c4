import { STORE_NAME } from 'shared/config';
import { LegalPage } from '@/features/store/components/legal-page';
import { WithBusinessDetails } from '@/features/store/components/business-details';
import { GrievanceOfficer } from '@/features/store/components/grievance-officer';
import { usePageTitle } from '@/lib/use-page-title';

export function Component() {
  usePageTitle('Grievance Officer', `${STORE_NAME}'s Grievance Officer: contact details and response times.`);
  return (
    <LegalPage title="Grievance Officer">
      <WithBusinessDetails>{(b) => <GrievanceOfficer business={b} />}</WithBusinessDetails>
    </LegalPage>
  );
}
