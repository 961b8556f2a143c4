import HistoryIcon from '@mui/icons-material/History';
import InventoryIcon from '@mui/icons-material/Inventory';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { lazyPage } from '@/lib/lazy-page';

// Each page is a chunk of its own, loaded when first opened (lib/lazy-page.ts).
const LowStockList = lazyPage(() => import('@/stock/low-stock-list'), 'LowStockList');
const MovementList = lazyPage(() => import('@/stock/movement-list'), 'MovementList');
const StockList = lazyPage(() => import('@/stock/stock-list'), 'StockList');

/** /admin/product_variants: stock per variant, with the Adjust dialog. */
export const stock = { list: StockList, icon: InventoryIcon, recordRepresentation: 'sku' };
/** /admin/stock_movements: the ledger. */
export const stockMovements = { list: MovementList, icon: HistoryIcon };
/** /admin/stock_alerts: open low-stock alerts. */
export const stockAlerts = { list: LowStockList, icon: WarningIcon };
