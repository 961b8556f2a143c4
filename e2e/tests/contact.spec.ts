import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';

test('a visitor gets help from the quick-help buttons and sends a message through the contact form', async ({
  page,
}) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(page.getByText('support@furnicraft.in').first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Return Policy' }).click();
  await expect(page.getByText('You can return any item within 30 days of delivery')).toBeVisible();

  // Required fields are checked before anything is sent.
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Subject is required')).toBeVisible();
  await expect(page.getByText('Message is required')).toBeVisible();

  await page.getByLabel('Full Name').fill('Asha Rao');
  await page.getByLabel('Email').fill('asha@example.com');
  await page.getByLabel('Subject').fill('Delivery to Pune');
  await page.getByLabel('Message', { exact: true }).fill('Do you deliver to Pune within a week?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Thank you for your message! We will get back to you soon.')).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('');
});

test('the chat assistant answers by keyword after a moment and ignores blank messages', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('region', { name: 'Chat with FurniCraft assistant' });
  const input = chat.getByLabel('Type your message');
  await input.fill('   ');
  await input.press('Enter');
  await expect(chat.getByRole('listitem')).toHaveCount(1); // only the greeting

  await input.fill('How long is delivery?');
  await input.press('Enter');
  await expect(chat.getByText('How long is delivery?')).toBeVisible();
  await expect(chat.getByText(/Delivery dates depend on your pincode/)).toBeVisible();
  await page.getByRole('button', { name: 'Close chat' }).click();
  await expect(chat).toHaveCount(0);
});
