import type { BusinessDetails } from '@/features/store/api/store-settings';
import { DetailsList, EmailLink, PhoneLink } from '@/features/store/components/business-details-list';
import { LegalSection } from '@/features/store/components/legal-page';

/**
 * The grievance officer and the promise the Consumer Protection (E-Commerce) Rules 2020 r.4(4)–(5)
 * make: a complaint is acknowledged within 48 hours and redressed within one month of receipt.
 */
export function GrievanceOfficer({ business: b }: { business: BusinessDetails }) {
  return (
    <>
      <LegalSection title="Grievance Officer">
        <DetailsList
          rows={[
            ['Name', b.grievance_officer_name, 'grievance-name'],
            ['Designation', b.grievance_officer_designation],
            [
              'Email',
              b.grievance_officer_email && <EmailLink email={b.grievance_officer_email} />,
              'grievance-email',
            ],
            ['Phone', b.grievance_officer_phone && <PhoneLink phone={b.grievance_officer_phone} />],
            ['Hours', b.grievance_officer_hours],
          ]}
        />
      </LegalSection>
      <LegalSection title="How we handle a complaint">
        <p>
          Write to the Grievance Officer with your order number and what went wrong. We acknowledge your
          complaint within 48 hours of receiving it and resolve it within one month of receiving it, as the
          Consumer Protection (E-Commerce) Rules, 2020 (rule 4(5)) require.
        </p>
        <p>
          Complaints are handled by {b.legal_name ?? 'the seller'}, the seller of every product on this site.
          You can also approach the National Consumer Helpline (1915) or a consumer commission.
        </p>
      </LegalSection>
    </>
  );
}
