import { expect, test } from '@playwright/test';
import { apiKeys } from '../../supabase-local/src/keys.ts';
import { seriousA11yViolations } from './support/axe';
import { API, blockThirdParty, createUser, deleteProductNamed, signInAsAdmin } from './support/admin';
import { csvFile } from './support/admin-delivery';
import { accessToken } from './support/admin-variants';
import { latestMail } from './support/mailbox';
import { benches, PRODUCTS_CSV_HEADER, uploadProductsCsv } from './support/product-csv';
import { rest } from './support/rest';

// Two staff sessions and a mailed link: more than the default 30 s on two cores.
test.describe.configure({ timeout: 120_000 });

const keys = apiKeys({});

/** An RPC as a signed-in user, answered as it comes (status and body), refusals included. */
async function rpcAs(token: string, name: string, args: Record<string, unknown>) {
  const res = await fetch(`${API}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: keys.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  return { status: res.status, body: (await res.json()) as { message?: string } };
}

test('an owner invites a catalog member by e-mail, who sets a password from the mail, sees Products but no Staff, and imports ten products from a CSV', async ({
  page,
  browser,
  baseURL,
}) => {
  const outside = await blockThirdParty(page);
  const owner = await createUser('admin');
  const email = `invited-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

  await signInAsAdmin(page, owner);
  await page.getByRole('menuitem', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/admin\/staff_members/);
  await expect(page.locator('tbody tr', { hasText: owner.email })).toContainText('You');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Invite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
  await expect(dialog).toBeVisible();
  // nothing is sent without an address and a role
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Enter a valid e-mail address.')).toBeVisible();
  await expect(dialog.getByText('Choose at least one role.')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByRole('checkbox', { name: /^Catalog/ }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  const row = page.locator('tbody tr', { hasText: email });
  await expect(row).toContainText('Catalog');
  expect(outside).toEqual([]);

  // The invite mail, as supabase-local's mailbox keeps it, opens /admin/set-password signed in.
  const mail = await latestMail(email);
  expect(mail?.kind).toBe('invite');
  expect(mail?.redirect_to).toBe(`${baseURL}/admin/set-password`);
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto(mail!.action_url!);
  await expect(member).toHaveURL(/\/admin\/set-password/);
  await expect(member.getByText(`For ${email}.`)).toBeVisible();
  expect(await seriousA11yViolations(member)).toEqual([]);
  await member.getByLabel('New password', { exact: true }).fill('Catalog-pass-2026');
  await member.getByLabel('Confirm new password', { exact: true }).fill('Catalog-pass-2026');
  await member.getByRole('button', { name: 'Set password' }).click();
  await expect(member).toHaveURL(/\/admin\/login$/);

  await signInAsAdmin(member, { email, password: 'Catalog-pass-2026' });
  await expect(member.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(member.getByRole('menuitem', { name: 'Products' })).toBeVisible();
  await expect(member.getByRole('menuitem', { name: 'Add Product' })).toBeVisible();
  await expect(member.getByRole('menuitem', { name: 'Staff' })).toHaveCount(0);
  expect(await seriousA11yViolations(member)).toEqual([]);

  // …and imports ten products from a CSV (admin-product-import.spec.ts reads the preview in detail)
  const suffix = Date.now().toString(36);
  const { names, lines } = benches(suffix);
  try {
    await member.getByRole('menuitem', { name: 'Products' }).click();
    await member.getByRole('link', { name: 'Import CSV' }).click();
    await uploadProductsCsv(member, csvFile('benches.csv', [PRODUCTS_CSV_HEADER, ...lines]));
    await expect(member.getByRole('region', { name: 'Preview of benches.csv' })).toContainText(
      'New products:10',
    );
    await member.getByRole('button', { name: 'Apply 20 changes' }).click();
    await expect(member.getByRole('status').filter({ hasText: 'changes applied' })).toContainText(
      'benches.csv: 20 changes applied.',
    );
    await member.goto('/admin/products');
    await member.getByPlaceholder('Search products').fill(`E2E Import Bench ${suffix}`);
    await expect(member.locator('tbody tr')).toHaveCount(10);
  } finally {
    for (const name of names) await deleteProductNamed(name);
    await memberContext.close();
  }
});

test("an owner cannot change their own roles; others' roles change and go, and a refusal reads as the database words it", async ({
  page,
}) => {
  const outside = await blockThirdParty(page);
  const owner = await createUser('admin');
  const colleague = await createUser('support');

  // The API refuses an owner's own roles and their own removal, whatever the UI shows.
  const token = await accessToken(owner);
  const ownRoles = await rpcAs(token, 'admin_set_staff_roles', { user_id: owner.id, roles: ['viewer'] });
  expect(ownRoles).toMatchObject({
    status: 403,
    body: { message: 'You cannot change your own roles. Ask another owner.' },
  });
  const ownRemoval = await rpcAs(token, 'admin_remove_staff', { user_id: owner.id });
  expect(ownRemoval).toMatchObject({
    status: 403,
    body: { message: 'You cannot remove yourself. Ask another owner.' },
  });

  await signInAsAdmin(page, owner);
  await page.goto('/admin/staff_members');
  // The owner's own row offers neither Edit roles nor Remove.
  const own = page.locator('tbody tr', { hasText: owner.email });
  await expect(own).toContainText('You');
  await expect(own.getByRole('button')).toHaveCount(0);

  // Another member's roles: Support + Finance.
  const row = page.locator('tbody tr', { hasText: colleague.email });
  await row.getByRole('button', { name: `Edit roles of ${colleague.email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Roles of ${colleague.email}` });
  await expect(dialog.getByRole('checkbox', { name: /^Support/ })).toBeChecked();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByRole('checkbox', { name: /^Finance/ }).check();
  await dialog.getByRole('button', { name: 'Save roles' }).click();
  await expect(page.getByText(`Roles of ${colleague.email} changed.`)).toBeVisible();
  await expect(row).toContainText('Finance');

  // Removing: another owner removed them meanwhile, so the database refuses, in its own words.
  await row.getByRole('button', { name: `Remove ${colleague.email}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove staff member' });
  await expect(confirm).toContainText(colleague.email);
  await rest(`/rest/v1/staff_members?user_id=eq.${colleague.id}`, { method: 'DELETE' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${colleague.email} was not removed: That person is not staff.`)).toBeVisible();
  await expect(page.locator('tbody tr', { hasText: colleague.email })).toHaveCount(0);

  // And a member removed through the UI loses the Staff list's row at once.
  const leaver = await createUser('viewer');
  await page.reload();
  const leaverRow = page.locator('tbody tr', { hasText: leaver.email });
  await leaverRow.getByRole('button', { name: `Remove ${leaver.email}` }).click();
  await page
    .getByRole('dialog', { name: 'Remove staff member' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByText(`${leaver.email} is no longer staff.`)).toBeVisible();
  await expect(leaverRow).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(outside).toEqual([]);
});
