import { expect, test, type Page } from '@playwright/test';
import { header } from './support/header';
import { signUpAndConfirm } from './support/sign-up';

/** Signs up and follows the confirmation mail's link, which signs the tab in. */
function signUp(page: Page, email: string) {
  return signUpAndConfirm(page, {
    name: 'Meera Iyer',
    email,
    phone: '9822012345',
    password: 'furniture-2026',
  });
}

test('two tabs share the sign-in, the sign-out and the cart without a reload', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await second.goto('/');
  await expect((await header(second)).getByRole('link', { name: 'Login' })).toBeVisible();

  await signUp(first, `tabs-${Date.now()}@example.com`);
  // The other tab follows (supabase-js tells its other tabs), still on the page it was showing.
  await expect((await header(second)).getByRole('link', { name: 'Wishlist' })).toBeVisible();
  await expect(second).toHaveURL('/');

  await first.goto('/product/1');
  await first.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(second.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  const bar = await header(first);
  await bar.getByRole('button', { name: /account menu/ }).click();
  await bar.getByRole('button', { name: 'Logout' }).click();
  await expect(first.getByText('Logged out successfully!')).toBeVisible();
  await expect((await header(second)).getByRole('link', { name: 'Login' })).toBeVisible();
});

test('a session older than the token is refreshed, and the shopper stays signed in', async ({ page }) => {
  // The page's clock runs under the test's control from the start: supabase-js refreshes the access
  // token (1 hour, supabase/config.toml jwt_expiry) shortly before it expires.
  await page.clock.install();
  await signUp(page, `refresh-${Date.now()}@example.com`);
  // The refresh token rotates on every refresh (the access token may come out the same when the
  // server's clock has not moved a second: the page's clock is the one that jumped).
  const tokenOf = () =>
    page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.includes('auth-token'));
      return key ? (JSON.parse(localStorage.getItem(key)!) as { refresh_token: string }).refresh_token : null;
    });
  const before = await tokenOf();
  expect(before).toBeTruthy();

  const refreshed = page.waitForResponse(
    (r) => r.url().includes('/auth/v1/token?grant_type=refresh_token') && r.status() === 200,
  );
  await page.clock.fastForward('59:00');
  await refreshed;
  await expect.poll(tokenOf).not.toBe(before);

  // Still signed in, and the new token is accepted: the wishlist (own rows, RLS) loads.
  await (await header(page)).getByRole('link', { name: 'Wishlist' }).click();
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();
});
