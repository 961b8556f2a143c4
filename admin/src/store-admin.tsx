import { Admin, CustomRoutes, Resource, ResourceContextProvider } from 'react-admin';
import { defaultI18nProvider } from 'ra-supabase';
import { lazy } from 'react';
import { Route, useParams } from 'react-router-dom';
import { categories } from '@/categories';
import { contactMessages } from '@/contact-messages';
import { customers } from '@/customers';
import { deliveryHolidays, deliveryZones, pincodes } from '@/delivery';
import { creditNotes, invoices, taxRates } from '@/gst';
import { AdminLayout } from '@/layout/admin-layout';
import { LoginRedirect } from '@/layout/login-redirect';
import { RedirectToDashboard } from '@/layout/redirect-to-dashboard';
import { darkTheme, lightTheme } from '@/layout/theme';
import { lazyPage } from '@/lib/lazy-page';
import { authProvider, dataProvider } from '@/lib/providers';
import { useUserStore } from '@/lib/use-user-store';
import { orders } from '@/orders';
import { products } from '@/products';
import { promoCodes } from '@/promo-codes';
import { returns } from '@/returns';
import { reviews } from '@/reviews';
import { attributes } from '@/attributes';
import { auditLog } from '@/audit';
import { staffMembers } from '@/staff';
import { stock, stockAlerts, stockMovements } from '@/stock';

const Dashboard = lazy(() => import('@/dashboard/dashboard'));
// Their own chunks: the GSTIN check brings zod (shared/src/gst/gstin.ts), the export its CSV tables,
// the upload papaparse.
// Not preloaded: zod (the GSTIN check) probes whether eval works when it loads, which the console's
// CSP reports as a violation; the page loads it when opened.
const BusinessSettingsPage = lazyPage(() => import('@/gst/business-settings-page'), 'BusinessSettingsPage', {
  preload: false,
});
const GstExportPage = lazyPage(() => import('@/gst/gst-export-page'), 'GstExportPage');
const PincodeUploadPage = lazyPage(() => import('@/delivery/pincode-upload-page'), 'PincodeUploadPage');
const ProductImportPage = lazyPage(() => import('@/products/product-import-page'), 'ProductImportPage');
const ReturnSettingsPage = lazyPage(() => import('@/returns/return-settings-page'), 'ReturnSettingsPage');
const ProductCreate = products.create;
const ProductEdit = products.edit;

/** The spec's product URLs: /admin/products/add and /admin/products/edit/{id}. */
function ProductEditRoute() {
  const { id } = useParams();
  return (
    <ResourceContextProvider value="products">
      <ProductEdit id={id} />
    </ResourceContextProvider>
  );
}

/** The console proper, loaded after sign-in (see app.tsx). */
export default function StoreAdmin() {
  // the signed-in staff member's own Store (saved queries, theme): read from the session first
  const store = useUserStore();
  if (!store) return null;
  return (
    <Admin
      basename="/admin"
      title="FurniCraft Admin"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={defaultI18nProvider}
      loginPage={LoginRedirect}
      layout={AdminLayout}
      dashboard={Dashboard}
      store={store}
      theme={lightTheme}
      darkTheme={darkTheme}
      defaultTheme="light"
      disableTelemetry
      requireAuth={false}
    >
      <Resource name="products" {...products} />
      <Resource name="orders" {...orders} />
      <Resource name="returns" {...returns} options={{ label: 'Returns' }} />
      <Resource name="reviews" {...reviews} options={{ label: 'Reviews' }} />
      <Resource name="attributes" {...attributes} options={{ label: 'Attributes' }} />
      <Resource name="attribute_values" />
      <Resource name="categories" {...categories} />
      <Resource name="promo_codes" {...promoCodes} />
      <Resource name="contact_messages" {...contactMessages} />
      <Resource name="customers" {...customers} />
      <Resource name="profiles" recordRepresentation="full_name" />
      <Resource name="addresses" />
      <Resource name="product_variants" {...stock} options={{ label: 'Stock' }} />
      <Resource name="stock_movements" {...stockMovements} options={{ label: 'Stock movements' }} />
      <Resource name="stock_alerts" {...stockAlerts} options={{ label: 'Low stock' }} />
      <Resource name="delivery_zones" {...deliveryZones} options={{ label: 'Delivery zones' }} />
      <Resource name="pincodes" {...pincodes} options={{ label: 'Pincodes' }} />
      <Resource name="delivery_holidays" {...deliveryHolidays} options={{ label: 'Holidays' }} />
      <Resource name="tax_rates" {...taxRates} options={{ label: 'Tax rates' }} />
      <Resource name="invoices" {...invoices} options={{ label: 'Invoices' }} />
      <Resource name="credit_notes" {...creditNotes} options={{ label: 'Credit notes' }} />
      <Resource name="audit_log" {...auditLog} options={{ label: 'Audit log' }} />
      <Resource name="staff_members" {...staffMembers} options={{ label: 'Staff' }} />
      <Resource name="states" recordRepresentation="name" />
      <Resource name="store_settings" />
      <Resource name="product_options" />
      <Resource name="order_items" />
      <Resource name="order_events" />
      <Resource name="refunds" />
      <Resource name="return_items" />
      <CustomRoutes>
        <Route
          path="/products/add"
          element={
            <ResourceContextProvider value="products">
              <ProductCreate />
            </ResourceContextProvider>
          }
        />
        <Route path="/products/edit/:id" element={<ProductEditRoute />} />
        <Route path="/products/import" element={<ProductImportPage />} />
        <Route path="/delivery/upload" element={<PincodeUploadPage />} />
        <Route path="/gst/business" element={<BusinessSettingsPage />} />
        <Route path="/gst/export" element={<GstExportPage />} />
        <Route path="/settings/returns" element={<ReturnSettingsPage />} />
        <Route path="*" element={<RedirectToDashboard />} />
      </CustomRoutes>
    </Admin>
  );
}
