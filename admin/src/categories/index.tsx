import CategoryIcon from '@mui/icons-material/Category';
import { CategoryCreate } from '@/categories/category-create';
import { CategoryEdit } from '@/categories/category-edit';
import { CategoryList } from '@/categories/category-list';

export const categories = {
  list: CategoryList,
  edit: CategoryEdit,
  create: CategoryCreate,
  icon: CategoryIcon,
  recordRepresentation: 'name',
};
