import CategoryIcon from '@mui/icons-material/Category';
import { lazyPage } from '@/lib/lazy-page';

// Each page is a chunk of its own, loaded when first opened (lib/lazy-page.ts).
const CategoryCreate = lazyPage(() => import('@/categories/category-create'), 'CategoryCreate');
const CategoryEdit = lazyPage(() => import('@/categories/category-edit'), 'CategoryEdit');
const CategoryList = lazyPage(() => import('@/categories/category-list'), 'CategoryList');

export const categories = {
  list: CategoryList,
  edit: CategoryEdit,
  create: CategoryCreate,
  icon: CategoryIcon,
  recordRepresentation: 'name',
};
