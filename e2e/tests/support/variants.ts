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
