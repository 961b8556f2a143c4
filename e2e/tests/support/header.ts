import type { Locator, Page } from '@playwright/test';

/**
 * The header, with its links (Login, Sign Up, Wishlist, the account menu) and search showing: on a
 * desktop they are in the bar; on a phone they are behind the menu button, which this opens. Call it
 * again after a navigation: following a link closes the phone menu.
 */
export async function header(page: Page): Promise<Locator> {
  const banner = page.getByRole('banner');
  // The logo link shows once the app has rendered; only then is the menu button's absence telling.
  await banner.getByRole('link').first().waitFor();
  // Let the page settle (route code, the stored session, its data) first: a menu opened while the
  // layout is still being replaced would be closed again (seen once on the phone in CI).
  await page.waitForLoadState('networkidle');
  const open = banner.getByRole('button', { name: 'Open menu' });
  if (!(await open.isVisible())) return banner;
  // On a phone a notice (toast) spans the top of the screen, over the menu button, for a few seconds,
  // and stays while a pointer rests on it (the test's mouse does; a finger does not): close it, as a
  // shopper would.
  for (const close of await page.getByRole('button', { name: 'Close toast' }).all())
    await close.click({ timeout: 2_000 }).catch(() => undefined); // gone by itself meanwhile
  await open.click();
  return banner;
}
