import { Create, useNotify, useRedirect } from 'react-admin';
import { useNotifyError } from '@/lib/use-admin-mutation';
import { ProductForm } from '@/products/product-form';
import { toProductRow, type ProductFormValues } from '@/products/product-row';

export function ProductCreate() {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const redirect = useRedirect();
  return (
    <Create
      title="Add Product"
      transform={(values: ProductFormValues) => toProductRow(values)}
      mutationOptions={{
        onSuccess: () => {
          notify('Product added successfully!', { type: 'success' });
          redirect('list', 'products');
        },
        onError: (error: unknown) => notifyError(error, 'Failed to add product'),
      }}
    >
      <ProductForm mode="create" />
    </Create>
  );
}
