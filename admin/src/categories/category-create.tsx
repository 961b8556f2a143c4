import { Create } from 'react-admin';
import { CategoryForm } from '@/categories/category-form';

export function CategoryCreate() {
  return (
    <Create redirect="list">
      <CategoryForm />
    </Create>
  );
}
