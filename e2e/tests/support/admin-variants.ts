import { apiKeys } from '../../../supabase-local/src/keys.ts';
import { rest } from './rest';

// Helpers of the admin's variant journeys (admin-variants.spec.ts). The storefront's variant
// helpers live in variants.ts.
const keys = apiKeys({});

/** A password sign-in's access token (staff: a fresh admin session, as the admin RPCs require). */
export async function accessToken(user: { email: string; password: string }): Promise<string> {
  const session = await rest<{ access_token: string }>('/auth/v1/token?grant_type=password', {
    method: 'POST',
    headers: { apikey: keys.anonKey, Authorization: `Bearer ${keys.anonKey}` },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return session.access_token;
}

export type VariantRow = { id: number; sku: string; title: string; price: number; stock_quantity: number };

/** A product's variants as staff see them (id order). */
export function variantsOf(productId: number): Promise<VariantRow[]> {
  return rest(
    `/rest/v1/product_variants?select=id,sku,title,price,stock_quantity&product_id=eq.${productId}&order=id`,
  );
}

export function productSummary(
  productId: number,
): Promise<[{ price: number; price_max: number; stock_quantity: number }]> {
  return rest(`/rest/v1/products?select=price,price_max,stock_quantity&id=eq.${productId}`);
}

/**
 * Options, their combinations and stock for a product, through the admin's RPCs with a staff
 * token (what the console's Options & variants section calls).
 */
export async function giveVariants(
  staffToken: string,
  productId: number,
  options: { name: string; values: string[] }[],
  stockEach: number,
): Promise<VariantRow[]> {
  await rest('/rest/v1/rpc/admin_set_product_options', {
    method: 'POST',
    token: staffToken,
    body: JSON.stringify({
      product_id: productId,
      options: options.map((o) => ({ name: o.name, values: o.values.map((value) => ({ value })) })),
    }),
  });
  await rest('/rest/v1/rpc/admin_generate_variants', {
    method: 'POST',
    token: staffToken,
    body: JSON.stringify({ product_id: productId }),
  });
  const variants = await variantsOf(productId);
  await rest('/rest/v1/rpc/admin_adjust_stock', {
    method: 'POST',
    token: staffToken,
    body: JSON.stringify({
      changes: variants.map((v) => ({ variant_id: v.id, quantity_change: stockEach })),
      reason: 'receipt',
      note: 'e2e opening stock',
    }),
  });
  return variantsOf(productId);
}

/** A shopper's cash-on-delivery order of one variant, through place_order. */
export async function orderVariant(
  user: { email: string; password: string },
  variantId: number,
): Promise<{ id: string; order_number: string }> {
  return rest('/rest/v1/rpc/place_order', {
    method: 'POST',
    token: await accessToken(user),
    body: JSON.stringify({
      items: [{ variant_id: variantId, quantity: 1 }],
      shipping_address: {
        fullName: 'Meera Iyer',
        email: user.email,
        phone: '9876543210',
        address: '4 Residency Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560025',
      },
      payment_method: 'cod',
    }),
  });
}
