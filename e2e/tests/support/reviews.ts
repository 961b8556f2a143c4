import { apiKeys } from '../../../supabase-local/src/keys.ts';
import { API, createUser } from './admin';
import { accessToken } from './admin-variants';
import { orderId } from './outbox';
import { rest } from './rest';

const keys = apiKeys({});

/**
 * A new shopper ('Asha Verma' in their profile) with a delivered COD order of one unit of the given
 * product, shipped and delivered by staff through admin_set_order_status.
 */
export async function deliveredOrderOf(productId: number): Promise<{
  user: { email: string; password: string; id: string };
  orderNumber: string;
  orderId: string;
}> {
  const user = await createUser();
  const token = await accessToken(user);
  await rest(`/rest/v1/profiles?id=eq.${user.id}`, {
    method: 'PATCH',
    body: JSON.stringify({ full_name: 'Asha Verma' }),
  });
  const { order_number } = await rest<{ order_number: string }>('/rest/v1/rpc/place_order', {
    method: 'POST',
    token,
    body: JSON.stringify({
      items: [{ product_id: productId, quantity: 1 }],
      shipping_address: {
        fullName: 'Asha Verma',
        email: user.email,
        phone: '9876543210',
        address: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      },
      payment_method: 'cod',
    }),
  });
  const id = await orderId(order_number);
  const staff = await accessToken(await createUser('admin'));
  for (const status of ['shipped', 'delivered']) {
    await rest('/rest/v1/rpc/admin_set_order_status', {
      method: 'POST',
      token: staff,
      body: JSON.stringify({ order_id: id, status }),
    });
  }
  return { user, orderNumber: order_number, orderId: id };
}

/** Staff moderate a review through REST, as the admin's Reviews page does (a fresh admin's token). */
export async function moderateReview(
  reviewId: number,
  change: { status: 'approved' | 'rejected'; rejection_reason?: string; store_reply?: string },
): Promise<void> {
  const staff = await accessToken(await createUser('admin'));
  await rest(`/rest/v1/reviews?id=eq.${reviewId}`, {
    method: 'PATCH',
    token: staff,
    body: JSON.stringify(change),
  });
}

/** Whether a review photo is in the private bucket (read with the service role). */
export async function reviewPhotoStored(path: string): Promise<boolean> {
  const res = await fetch(`${API}/storage/v1/object/info/authenticated/review-photos/${path}`, {
    headers: { apikey: keys.serviceRoleKey, Authorization: `Bearer ${keys.serviceRoleKey}` },
  });
  await res.body?.cancel();
  return res.ok;
}
