import TuneIcon from '@mui/icons-material/Tune';
import { lazyPage } from '@/lib/lazy-page';

// Each page is a chunk of its own, loaded when first opened (lib/lazy-page.ts).
const AttributeList = lazyPage(() => import('@/attributes/attribute-list'), 'AttributeList');
const AttributeEdit = lazyPage(() => import('@/attributes/attribute-edit'), 'AttributeEdit');
const AttributeCreate = lazyPage(() => import('@/attributes/attribute-create'), 'AttributeCreate');

/** /admin/attributes: the storefront's filters as data (issue 20): attributes, values, categories. */
export const attributes = {
  list: AttributeList,
  edit: AttributeEdit,
  create: AttributeCreate,
  icon: TuneIcon,
  recordRepresentation: 'name',
};
