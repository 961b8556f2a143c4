import { Edit } from 'react-admin';
import { CategoryForm } from '@/categories/category-form';

export function CategoryEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <CategoryForm />
    </Edit>
  );
}
