import { expect, type Page } from '@playwright/test';
import { API, createUser } from './admin';

export { API };

/** A new confirmed shopper (Auth admin API), signed in through the login page. */
export async function signInNewShopper(
  page: Page,
  redirect = '',
): Promise<{ email: string; password: string }> {
  const user = await createUser();
  await page.goto(`/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`);
  await signInOnLoginPage(page, user);
  return user;
}

export async function signInOnLoginPage(
  page: Page,
  user: { email: string; password: string },
): Promise<void> {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
}

/** Product 1 (Aarav 3-Seater Fabric Sofa, ₹24,999: free delivery, under the COD cap) in the cart. */
export async function addSofaToCart(page: Page): Promise<void> {
  await page.goto('/product/1');
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByText('Added to cart!')).toBeVisible();
}

/**
 * Fills the shipping fields the prefill leaves empty. The pincode first: it fills City and State from
 * the directory (560001: Bangalore, Karnataka); the shopper then writes the city their own way.
 */
export async function fillShipping(page: Page, pincode = '560001'): Promise<void> {
  await page.getByLabel('Full Name').fill('Asha Verma');
  await page.getByLabel('Phone Number').fill('98765 43210');
  await page.getByLabel('Address', { exact: true }).fill('12 MG Road, Ashok Nagar');
  await page.getByLabel('Pincode').fill(pincode);
  await expect(page.getByLabel('City')).not.toHaveValue('');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('State').selectOption('Karnataka');
}

/** Signed in, sofa in the cart, shipping filled, the method chosen, and on /payment. */
export async function reachPayment(
  page: Page,
  method: 'Cash on Delivery' | 'Card / UPI / NetBanking',
): Promise<void> {
  await signInNewShopper(page);
  await addSofaToCart(page);
  await page.goto('/checkout');
  await fillShipping(page);
  await page.getByRole('radio', { name: new RegExp(method.replace(/\//g, '\\/')) }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment$/);
}
