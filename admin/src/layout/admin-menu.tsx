import AddIcon from '@mui/icons-material/AddBox';
import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import CategoryIcon from '@mui/icons-material/Category';
import ChairIcon from '@mui/icons-material/Chair';
import MailIcon from '@mui/icons-material/Mail';
import PeopleIcon from '@mui/icons-material/People';
import ReviewsIcon from '@mui/icons-material/RateReview';
import TuneIcon from '@mui/icons-material/Tune';
import HistoryIcon from '@mui/icons-material/History';
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import BadgeIcon from '@mui/icons-material/Badge';
import InventoryIcon from '@mui/icons-material/Inventory';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import ReceiptIcon from '@mui/icons-material/Receipt';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StorefrontIcon from '@mui/icons-material/Storefront';
import TicketIcon from '@mui/icons-material/ConfirmationNumber';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { Badge, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import type { ReactElement } from 'react';
import { CanAccess, Menu, useAuthState, useGetList } from 'react-admin';

/**
 * A menu entry with the number of rows waiting for staff on its icon (returns requested, reviews
 * pending): one count request (PostgREST's exact count of one row), refreshed with the console's
 * other queries.
 */
function WaitingMenuItem({
  resource,
  status,
  label,
  icon,
}: {
  resource: 'returns' | 'reviews';
  status: string;
  label: string;
  icon: ReactElement;
}) {
  // only for a signed-in console: a signed-out one is on its way to /admin/login
  const { authenticated } = useAuthState();
  const { total } = useGetList(
    resource,
    {
      filter: { status },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'created_at', order: 'ASC' },
      meta: { columns: ['id'] },
    },
    { enabled: authenticated === true },
  );
  const waiting = total ?? 0;
  return (
    <Menu.Item
      to={`/admin/${resource}`}
      primaryText={label}
      leftIcon={
        <Badge badgeContent={waiting} color="error" max={99}>
          {icon}
        </Badge>
      }
    />
  );
}

/**
 * The spec's sidebar (Dashboard, Products, Add Product, Orders, Back to Site) plus stock and the
 * extra resources. Delivery opens the delivery settings area (zones, pincodes, uploads, holidays and
 * cut-off), whose pages link to each other (delivery/delivery-nav.tsx); GST & invoices likewise opens
 * business details, tax rates, invoices, credit notes and the monthly GST export (gst/gst-nav.tsx).
 * Entries a role may not use are left out (`<CanAccess>`, lib/access.ts).
 */
export function AdminMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.Item to="/admin/products" primaryText="Products" leftIcon={<ChairIcon />} />
      <CanAccess resource="products" action="create">
        <Menu.Item to="/admin/products/add" primaryText="Add Product" leftIcon={<AddIcon />} />
      </CanAccess>
      <Menu.Item to="/admin/product_variants" primaryText="Stock" leftIcon={<InventoryIcon />} />
      <Menu.Item to="/admin/stock_movements" primaryText="Stock movements" leftIcon={<HistoryIcon />} />
      <Menu.Item to="/admin/stock_alerts" primaryText="Low stock" leftIcon={<WarningIcon />} />
      <Menu.Item to="/admin/orders" primaryText="Orders" leftIcon={<ReceiptIcon />} />
      <WaitingMenuItem
        resource="returns"
        status="requested"
        label="Returns"
        icon={<AssignmentReturnIcon />}
      />
      <WaitingMenuItem resource="reviews" status="pending" label="Reviews" icon={<ReviewsIcon />} />
      <Menu.Item to="/admin/gst/business" primaryText="GST & invoices" leftIcon={<ReceiptLongIcon />} />
      <Menu.Item to="/admin/categories" primaryText="Categories" leftIcon={<CategoryIcon />} />
      <Menu.Item to="/admin/attributes" primaryText="Attributes" leftIcon={<TuneIcon />} />
      <Menu.Item to="/admin/promo_codes" primaryText="Promo Codes" leftIcon={<TicketIcon />} />
      <Menu.Item to="/admin/delivery_zones" primaryText="Delivery" leftIcon={<LocalShippingIcon />} />
      <Menu.Item to="/admin/contact_messages" primaryText="Contact Messages" leftIcon={<MailIcon />} />
      <Menu.Item to="/admin/customers" primaryText="Customers" leftIcon={<PeopleIcon />} />
      <CanAccess resource="audit_log" action="list">
        <Menu.Item to="/admin/audit_log" primaryText="Audit log" leftIcon={<HistoryEduIcon />} />
      </CanAccess>
      <CanAccess resource="staff_members" action="list">
        <Menu.Item to="/admin/staff_members" primaryText="Staff" leftIcon={<BadgeIcon />} />
      </CanAccess>
      <MenuItem component="a" href="/">
        <ListItemIcon>
          <StorefrontIcon />
        </ListItemIcon>
        <ListItemText>Back to Site</ListItemText>
      </MenuItem>
    </Menu>
  );
}
