import type { Identifier } from 'react-admin';
import { Edit, useNotify, useRedirect } from 'react-admin';
import { ProductFilters } from '@/attributes/product-filters';
import { useNotifyError } from '@/lib/use-admin-mutation';
import { ProductForm } from '@/products/product-form';
import { toProductUpdate, type ProductFormValues } from '@/products/product-row';
import { VariantsSection } from '@/variants/variants-section';
import { HistoryActions } from '@/audit/history-button';

export function ProductEdit({ id }: { id?: Identifier }) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const redirect = useRedirect();
  return (
    <Edit
      id={id}
      title="Edit Product"
      actions={<HistoryActions table="products" />}
      mutationMode="pessimistic"
      transform={(values: ProductFormValues) => toProductUpdate(values)}
      mutationOptions={{
        onSuccess: () => {
          notify('Product updated successfully!', { type: 'success' });
          redirect('list', 'products');
        },
        onError: (error: unknown) => notifyError(error, 'Failed to update product'),
      }}
    >
      <ProductForm mode="edit" />
      <VariantsSection />
      <ProductFilters />
    </Edit>
  );
}
