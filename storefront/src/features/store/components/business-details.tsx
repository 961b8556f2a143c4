import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageSpinner } from '@/components/ui/page-spinner';
import { storeSettingsQueries, type BusinessDetails } from '@/features/store/api/store-settings';

/**
 * Renders `children` with the seller's details from store_settings (one request per visit, shared with
 * the footer), a spinner while they load, and a plain message if they cannot be read.
 */
export function WithBusinessDetails({ children }: { children: (business: BusinessDetails) => ReactNode }) {
  const business = useQuery(storeSettingsQueries.business());
  if (business.isPending) return <PageSpinner />;
  if (business.isError) {
    return (
      <p role="alert" className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900">
        We could not load the seller&apos;s details. Please try again.
      </p>
    );
  }
  return children(business.data);
}
