import ChairIcon from '@mui/icons-material/Chair';
import { lazyPage } from '@/lib/lazy-page';

// Each page is a chunk of its own, loaded when first opened (lib/lazy-page.ts).
const ProductList = lazyPage(() => import('@/products/product-list'), 'ProductList');

const ProductEdit = lazyPage(() => import('@/products/product-edit'), 'ProductEdit');
const ProductCreate = lazyPage(() => import('@/products/product-create'), 'ProductCreate');

export const products = {
  list: ProductList,
  edit: ProductEdit,
  create: ProductCreate,
  icon: ChairIcon,
  recordRepresentation: 'name',
};
