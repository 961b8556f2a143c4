import { useState } from 'react';
import { useDataProvider, useLogoutIfAccessDenied } from 'react-admin';
import type { TablesUpdate } from 'shared/types/database';
import { constraintMessage, toAdminError } from '@/lib/errors';
import type { VariantRecord } from '@/variants/variant-queries';

/**
 * Saves changes of one variant through the data provider (a PATCH of what changed, under RLS and
 * the column grants), as the grid's rows and the details dialog do. Resolves to null when saved,
 * or to the refusal in staff's words: a duplicate SKU names the SKU that was sent.
 */
export function useSaveVariant(variant: VariantRecord) {
  const dataProvider = useDataProvider();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [saving, setSaving] = useState(false);
  const save = async (changes: TablesUpdate<'product_variants'>): Promise<string | null> => {
    setSaving(true);
    try {
      await dataProvider.update('product_variants', { id: variant.id, data: changes, previousData: variant });
      return null;
    } catch (error) {
      void logoutIfAccessDenied(error);
      return constraintMessage(error, changes.sku) ?? toAdminError(error).message;
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}
