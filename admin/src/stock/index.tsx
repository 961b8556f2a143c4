import HistoryIcon from '@mui/icons-material/History';
import InventoryIcon from '@mui/icons-material/Inventory';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { LowStockList } from '@/stock/low-stock-list';
import { MovementList } from '@/stock/movement-list';
import { StockList } from '@/stock/stock-list';

/** /admin/product_variants: stock per variant, with the Adjust dialog. */
export const stock = { list: StockList, icon: InventoryIcon, recordRepresentation: 'sku' };
/** /admin/stock_movements: the ledger. */
export const stockMovements = { list: MovementList, icon: HistoryIcon };
/** /admin/stock_alerts: open low-stock alerts. */
export const stockAlerts = { list: LowStockList, icon: WarningIcon };
