import { Create, useNotify, useRedirect } from 'react-admin';
import { ProductForm } from '@/products/product-form';
import { toProductRow, type ProductFormValues } from '@/products/product-row';

export function ProductCreate() {
  const notify = useNotify();
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
        onError: (error: unknown) =>
          notify(
            `Failed to add product: ${(error as { message?: string } | null)?.message || 'Unknown error'}`,
            {
              type: 'error',
            },
          ),
      }}
    >
      <ProductForm />
    </Create>
  );
}
