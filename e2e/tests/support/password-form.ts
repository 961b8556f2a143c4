import { expect, type Locator, type Page } from '@playwright/test';
import { seriousA11yViolations } from './axe';

export interface PasswordForm {
  password: Locator;
  confirm: Locator;
  save: Locator;
}

/**
 * A set-password form (the shopper's /reset-password, the admin's /admin/set-password) refuses what
 * the shared password rules refuse (shared/src/schemas/password.ts), with their messages, and stays
 * accessible while it shows them.
 */
export async function expectPasswordRules(
  page: Page,
  form: PasswordForm,
  goodPassword: string,
): Promise<void> {
  await form.save.click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByText('Please confirm your password')).toBeVisible();
  await form.password.fill('short');
  await form.confirm.fill('short');
  await form.save.click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await form.password.fill(goodPassword);
  await form.confirm.fill(`${goodPassword}x`);
  await form.save.click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
}
