import ChairIcon from '@mui/icons-material/Chair';
import { ProductCreate } from '@/products/product-create';
import { ProductEdit } from '@/products/product-edit';
import { ProductList } from '@/products/product-list';

export const products = {
  list: ProductList,
  edit: ProductEdit,
  create: ProductCreate,
  icon: ChairIcon,
  recordRepresentation: 'name',
};
