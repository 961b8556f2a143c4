import { expect, type Locator, type Page } from '@playwright/test';
import { apiKeys } from '../../../supabase-local/src/keys.ts';
import { API } from './admin';

const keys = apiKeys({});

/** A read through the service role (what the shopper cannot see: their back-in-stock request, order lines). */
export async function serviceRows<T>(path: string): Promise<T[]> {
  const res = await fetch(`${API}/rest/v1/${path}`, {
    headers: { apikey: keys.serviceRoleKey, Authorization: `Bearer ${keys.serviceRoleKey}` },
  });
  expect(res.ok, `${path} → ${res.status}`).toBe(true);
  return (await res.json()) as T[];
}

/** One option value of the product page's pickers, as a radio in its labelled group. */
export function optionRadio(page: Page, option: string, value: string): Locator {
  return page.getByRole('group', { name: option }).getByRole('radio', { name: value, exact: true });
}

/** Chooses a value the way a person does: a tap or click on its swatch or button (the radio's label). */
export async function choose(page: Page, option: string, value: string): Promise<void> {
  const radio = optionRadio(page, option, value);
  await page
    .getByRole('group', { name: option })
    .locator('label', { has: page.getByRole('radio', { name: value, exact: true }) })
    .click();
  await expect(radio).toBeChecked();
}

/** The product page's main picture (the gallery's first, LCP image). */
export function mainPicture(page: Page): Locator {
  return page.getByRole('article').getByRole('img', { name: 'Aarav 3-Seater Fabric Sofa' }).first();
}

/** A signed-in staff member's access token (a fresh session: the admin RPCs want one). */
export async function staffToken(user: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${API}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: keys.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(res.ok).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A call as that staff member (PostgREST), failing the test on an error answer. */
export async function asStaff<T>(
  token: string,
  path: string,
  init: { method: string; body?: unknown },
): Promise<T> {
  const res = await fetch(`${API}/rest/v1/${path}`, {
    method: init.method,
    headers: {
      apikey: keys.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  expect(res.ok, `${init.method} ${path} → ${res.status}: ${text}`).toBe(true);
  return (text ? JSON.parse(text) : null) as T;
}
