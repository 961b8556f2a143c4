import type { Identifier } from 'react-admin';
import { Edit, useNotify, useRedirect } from 'react-admin';
import { ProductForm } from '@/products/product-form';
import { toProductRow, type ProductFormValues } from '@/products/product-row';

export function ProductEdit({ id }: { id?: Identifier }) {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      id={id}
      title="Edit Product"
      mutationMode="pessimistic"
      transform={(values: ProductFormValues) => toProductRow(values)}
      mutationOptions={{
        onSuccess: () => {
          notify('Product updated successfully!', { type: 'success' });
          redirect('list', 'products');
        },
        onError: (error: unknown) =>
          notify(
            `Failed to update product: ${(error as { message?: string } | null)?.message || 'Unknown error'}`,
            {
              type: 'error',
            },
          ),
      }}
    >
      <ProductForm />
    </Edit>
  );
}
