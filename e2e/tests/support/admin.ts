import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiKeys } from '../../../supabase-local/src/keys.ts';

/** The API the e2e server runs (see playwright.config.ts). */
export const API = `http://127.0.0.1:${process.env.E2E_SUPABASE_PORT ?? '54321'}`;
const keys = apiKeys({});

async function call(path: string, init: RequestInit & { token?: string } = {}): Promise<unknown> {
  const token = init.token ?? keys.serviceRoleKey;
  const res = await fetch(`${API}${path}`, {
    ...init,
    headers: {
      apikey: init.token ? keys.anonKey : keys.serviceRoleKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status}: ${text}`);
  return text === '' ? null : JSON.parse(text);
}

/** A staff role (public.staff_role). */
export type StaffRole = 'owner' | 'catalog' | 'support' | 'finance' | 'viewer';

/**
 * A confirmed user made through Auth's admin API (service role). `'admin'` makes an owner; staff
 * are rows of staff_members (issue 21), which only owners (admin_set_staff_roles) and the service
 * role write.
 */
export async function createUser(
  role?: 'admin' | StaffRole | StaffRole[],
): Promise<{ email: string; password: string; id: string }> {
  const roles = role === undefined ? [] : role === 'admin' ? ['owner'] : Array.isArray(role) ? role : [role];
  const label = roles.length === 0 ? 'shopper' : roles.join('-');
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Staff-pass-2026!';
  const user = (await call('/auth/v1/admin/users', {
    method: 'POST',
    body: JSON.stringify({ email, password, email_confirm: true }),
  })) as { id: string };
  if (roles.length > 0)
    await call('/rest/v1/staff_members', {
      method: 'POST',
      body: JSON.stringify({ user_id: user.id, email, roles }),
    });
  return { email, password, id: user.id };
}

/**
 * A shopper's order of one unit of an in-stock variant, placed through place_order: cash on delivery unless
 * `method` says 'razorpay' (then it stays unpaid), shipped to 'Asha Verma' unless `fullName` says.
 */
export async function placeOrder(
  user: {
    email: string;
    password: string;
  },
  options: { method?: 'cod' | 'razorpay'; fullName?: string } = {},
): Promise<{ order_number: string }> {
  const session = (await fetch(`${API}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: keys.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  }).then((r) => r.json())) as { access_token: string };
  // A variant with stock to spare (ordered by id, so runs pick the same one until it runs low): the
  // default variant of a product can run out while its other colours keep the product in stock.
  const [variant] = (await call(
    '/rest/v1/product_variants?select=id,products!inner(id)&is_active=eq.true&made_to_order=eq.false' +
      '&stock_quantity=gt.10&price=lt.20000&products.is_active=eq.true&products.in_stock=eq.true&order=id&limit=1',
  )) as Array<{ id: number }>;
  if (!variant) throw new Error('placeOrder: no variant under ₹20,000 has more than 10 in stock');
  return (await call('/rest/v1/rpc/place_order', {
    method: 'POST',
    token: session.access_token,
    body: JSON.stringify({
      items: [{ variant_id: variant.id, quantity: 1 }],
      shipping_address: {
        fullName: options.fullName ?? 'Asha Verma',
        email: user.email,
        phone: '9876543210',
        address: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
      },
      payment_method: options.method ?? 'cod',
    }),
  })) as { order_number: string };
}

/**
 * Every request that is not to this machine is aborted and remembered, so a test can assert that
 * none was attempted (react-admin's telemetry, fonts, CDNs).
 */
export async function blockThirdParty(page: Page): Promise<string[]> {
  const outside: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (
      url.protocol === 'data:' ||
      url.protocol === 'blob:' ||
      ['127.0.0.1', 'localhost'].includes(url.hostname)
    ) {
      return route.continue();
    }
    outside.push(url.href);
    return route.abort();
  });
  return outside;
}

/**
 * A staff member's window in a shopper's journey: the console is a desk tool, so a desktop browser.
 * `browser.newContext()` inside a test takes the project's options, so on the phone project it would
 * be a touch phone (isMobile: a 1,280 px window then lays the orders list out ~1,600 px wide and the
 * row's Ship button sits under other cells).
 */
export function deskContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
  });
}

export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Admin ID').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signInAsAdmin(page: Page, user: { email: string; password: string }): Promise<void> {
  await signIn(page, user);
  await expect(page.getByText('Admin Panel')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/?$/);
}

/**
 * A product of its own for a test to change or delete, so the seeded catalog stays as it was. It goes
 * in Outdoor, a category whose count and pages no spec asserts (Sofas' "7 items" and its one page of 7
 * are, while other specs run at the same time).
 */
export async function createProduct(name: string): Promise<{ id: number }> {
  const [category] = (await call('/rest/v1/categories?select=id&slug=eq.outdoor')) as Array<{ id: number }>;
  const [row] = (await call('/rest/v1/products', {
    method: 'POST',
    headers: { Prefer: 'return=representation' },
    body: JSON.stringify({
      name,
      price: 999,
      category_id: category!.id,
      stock_quantity: 3,
      description: 'Made by an e2e test',
    }),
  })) as Array<{ id: number }>;
  return row!;
}

/** Removes the products a test made (by exact name). */
export async function deleteProductNamed(name: string): Promise<void> {
  await call(`/rest/v1/products?name=eq.${encodeURIComponent(name)}`, { method: 'DELETE' });
}
