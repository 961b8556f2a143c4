import PercentIcon from '@mui/icons-material/Percent';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import InventoryIcon from '@mui/icons-material/Inventory';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import { useState, type ReactElement } from 'react';
import { Button, useCanAccess, useListContext, useNotify, useUnselectAll, useUpdateMany } from 'react-admin';
import type { Row } from '@/lib/database';
import { useNotifyError } from '@/lib/use-admin-mutation';
import { MoveToCategoryButton } from '@/products/move-to-category-dialog';
import { ProductBulkPriceDialog } from '@/products/product-bulk-price-dialog';
import { productsNoun } from '@/products/product-bulk-price';

type Flag = keyof Pick<Row<'products'>, 'featured' | 'in_stock' | 'is_active'>;

/**
 * One flag of the selected products, undoable as react-admin does it: the list shows the change at
 * once and nothing is sent until the notification closes; Undo sends nothing. The products update
 * policy (catalog.write) decides; a refusal puts the rows back and says why.
 */
function BulkFlagButton({
  flag,
  value,
  label,
  done,
  icon,
}: {
  flag: Flag;
  value: boolean;
  label: string;
  done: string;
  icon: ReactElement;
}) {
  const { selectedIds } = useListContext();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const unselectAll = useUnselectAll('products');
  const [updateMany, { isPending }] = useUpdateMany(
    'products',
    { ids: selectedIds, data: { [flag]: value } },
    {
      mutationMode: 'undoable',
      onSuccess: () => {
        notify(`${productsNoun(selectedIds.length)} ${done}`, { type: 'info', undoable: true });
        unselectAll();
      },
      onError: (error) => notifyError(error, `Not ${done}`),
    },
  );
  return (
    <Button label={label} onClick={() => void updateMany()} disabled={isPending}>
      {icon}
    </Button>
  );
}

function BulkPriceButton() {
  const { selectedIds } = useListContext<Row<'products'>>();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="Price ± %" onClick={() => setOpen(true)}>
        <PercentIcon />
      </Button>
      {open && <ProductBulkPriceDialog ids={selectedIds.map(Number)} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * The product list's bulk actions (issue 21), for staff who may edit the catalog: feature, stock and
 * activation flags (undoable), a category move and a price change by a percentage (dialogs).
 */
export function ProductBulkActions() {
  const { canAccess } = useCanAccess({ resource: 'products', action: 'edit' });
  if (!canAccess) return null;
  return (
    <>
      <BulkFlagButton flag="featured" value label="Feature" done="featured" icon={<StarIcon />} />
      <BulkFlagButton
        flag="featured"
        value={false}
        label="Unfeature"
        done="unfeatured"
        icon={<StarBorderIcon />}
      />
      <BulkFlagButton
        flag="in_stock"
        value
        label="In stock"
        done="marked in stock"
        icon={<InventoryIcon />}
      />
      <BulkFlagButton
        flag="in_stock"
        value={false}
        label="Out of stock"
        done="marked out of stock"
        icon={<RemoveShoppingCartIcon />}
      />
      <BulkFlagButton flag="is_active" value label="Activate" done="activated" icon={<VisibilityIcon />} />
      <BulkFlagButton
        flag="is_active"
        value={false}
        label="Deactivate"
        done="deactivated"
        icon={<VisibilityOffIcon />}
      />
      <MoveToCategoryButton />
      <BulkPriceButton />
    </>
  );
}
