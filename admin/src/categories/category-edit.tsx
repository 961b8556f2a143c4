import { Edit } from 'react-admin';
import { CategoryForm } from '@/categories/category-form';
import { HistoryActions } from '@/audit/history-button';

export function CategoryEdit() {
  return (
    <Edit mutationMode="pessimistic" actions={<HistoryActions table="categories" />}>
      <CategoryForm />
    </Edit>
  );
}
