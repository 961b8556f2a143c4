import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { BusinessDetails } from '@/features/store/api/store-settings';
import { DetailsList, EmailLink, PhoneLink } from '@/features/store/components/business-details-list';
import { LegalSection } from '@/features/store/components/legal-page';

/**
 * Who the seller is (Consumer Protection (E-Commerce) Rules 2020 r.4(2)): legal name, registered
 * address, GSTIN and PAN, and how to reach customer care.
 */
export function SellerDetails({ business: b }: { business: BusinessDetails }) {
  return (
    <>
      <LegalSection title="Seller">
        <DetailsList
          rows={[
            ['Legal name', b.legal_name, 'seller-legal-name'],
            ['Registered address', b.registered_address, 'seller-address'],
            ['GSTIN', b.gstin, 'seller-gstin'],
            ['PAN', b.pan, 'seller-pan'],
          ]}
        />
      </LegalSection>
      <LegalSection title="Customer care">
        <DetailsList
          rows={[
            ['Email', b.customer_care_email && <EmailLink email={b.customer_care_email} />],
            ['Phone', b.customer_care_phone && <PhoneLink phone={b.customer_care_phone} />],
            ['Hours', b.customer_care_hours],
          ]}
        />
        <p>
          Not satisfied with an answer? Write to our{' '}
          <Link to={paths.grievanceOfficer} className="font-medium text-amber-800 underline">
            Grievance Officer
          </Link>
          .
        </p>
      </LegalSection>
    </>
  );
}
