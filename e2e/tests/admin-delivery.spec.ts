import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import {
  blockThirdParty,
  createProduct,
  createUser,
  deleteProductNamed,
  placeOrder,
  signInAsAdmin,
} from './support/admin';
import {
  assignPincodes,
  csvFile,
  deleteHolidayNamed,
  deleteZoneNamed,
  deliverySchedule,
  holidaysNamed,
  isLarge,
  promisedDates,
  setDeliverySchedule,
  zonesOf,
} from './support/admin-delivery';
import { accessToken } from './support/admin-variants';

// Each journey signs in and saves through several requests: more than the default 30 s on two cores.
test.describe.configure({ timeout: 120_000 });

/** Himachal pincodes (Manali, Dharamsala) in the default zone that no other journey asks about. */
const MANALI = '175131';
const DHARAMSALA = '176215';

const upload = (page: Page, label: string, file: ReturnType<typeof csvFile>) =>
  page.getByLabel(label).setInputFiles(file);

test('staff add a zone, move pincodes into it by CSV with a preview (the same file again changes nothing), add a holiday and change the cut-off', async ({
  page,
}) => {
  const outside = await blockThirdParty(page);
  const suffix = Date.now().toString(36);
  const zone = `E2E Hills ${suffix}`;
  const holiday = `E2E Stock-taking ${suffix}`;
  const productName = `E2E Almirah ${suffix}`;
  const staff = await createUser('admin');
  const schedule = await deliverySchedule();
  try {
    await signInAsAdmin(page, staff);
    await page.getByRole('menuitem', { name: 'Delivery' }).click();
    await expect(page).toHaveURL(/\/admin\/delivery_zones/);
    const standard = page.locator('tbody tr', { hasText: 'Standard' });
    await expect(standard).toContainText('Default');
    await expect(standard).toContainText('₹99, free from ₹2,999');
    await expect(standard).toContainText('5–7 working days');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The default zone's fee rule is the storefront banner's: shown, not editable
    await standard.getByText('Standard', { exact: true }).click();
    await expect(page.getByText(/This is the default zone/)).toContainText('₹99, free from ₹2,999');
    await expect(page.getByLabel('Delivery fee (₹)')).toHaveCount(0);
    await expect(page.getByLabel('Free above (₹)')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A new zone: the form stops a transit range that ends before it starts
    await page
      .getByRole('navigation', { name: 'Delivery settings' })
      .getByRole('link', { name: 'Zones' })
      .click();
    await page.getByRole('link', { name: 'Add zone' }).click();
    await page.getByLabel('Zone name').fill(zone);
    await page.getByLabel('Delivery fee (₹)').fill('199');
    await page.getByLabel('Large-item fee (₹ per large item)').fill('500');
    await page.getByLabel('Transit from (working days)').fill('9');
    await page.getByLabel('Transit to (working days)').fill('6');
    await page.getByLabel('Cash on Delivery offered').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The maximum must be at least the minimum.')).toBeVisible();
    await page.getByLabel('Transit from (working days)').fill('6');
    await page.getByLabel('Transit to (working days)').fill('9');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/delivery_zones$/);
    const row = page.locator('tbody tr', { hasText: zone });
    await expect(row).toContainText('₹199, never free');
    await expect(row).toContainText('₹500 extra each');
    await expect(row).toContainText('6–9 working days');
    await expect(row.locator('td').nth(4)).toHaveText('No');
    await expect(row.locator('td').nth(6)).toHaveText('0');

    // Edited: COD up to ₹20,000 there. A second zone of the same name, in any letter case, is refused
    await row.getByText(zone, { exact: true }).click();
    await page.getByLabel('Cash on Delivery offered').check();
    await page.getByLabel('Cash on Delivery up to (₹)').fill('20000');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(row.locator('td').nth(4)).toHaveText('Yes, up to ₹20,000');
    await page.getByRole('link', { name: 'Add zone' }).click();
    await page.getByLabel('Zone name').fill(zone.toLowerCase());
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`A zone named "${zone.toLowerCase()}" already exists`)).toBeVisible();

    // A file with mistakes: every refused row is listed and nothing can be applied
    await page.getByRole('link', { name: 'Pincode upload' }).click();
    await expect(page.getByRole('heading', { name: 'Assign pincodes to zones' })).toBeVisible();
    await upload(
      page,
      'Zone assignment file (CSV)',
      csvFile('hills-draft.csv', ['pincode,zone', `${MANALI},${zone}`, '17513,Metro', `${DHARAMSALA},Hills`]),
    );
    const draft = page.getByRole('region', { name: 'Preview of hills-draft.csv' });
    await expect(draft).toContainText('2 rows were refused');
    const refused = draft.getByRole('table', { name: 'Refused rows' });
    await expect(refused.locator('tbody tr')).toHaveCount(2);
    await expect(refused.locator('tbody tr').nth(0)).toContainText('2' + '17513' + 'Not a 6-digit pincode.');
    await expect(refused.locator('tbody tr').nth(1)).toContainText(
      `3${DHARAMSALA}No delivery zone is named "Hills".`,
    );
    await expect(page.getByRole('button', { name: 'Apply 1 change' })).toBeDisabled();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The corrected file: a preview of the changes, then applied
    const hills = csvFile('hills.csv', [
      'pincode,zone',
      `${MANALI},${zone}`,
      `${DHARAMSALA},${zone.toUpperCase()}`,
    ]);
    await upload(page, 'Zone assignment file (CSV)', hills);
    const preview = page.getByRole('region', { name: 'Preview of hills.csv' });
    await expect(preview.getByRole('definition')).toHaveText(['2', '2', '0', '0']);
    const changes = preview.getByRole('table', { name: 'Changes' });
    await expect(changes.locator('tbody tr').nth(0)).toContainText(`${MANALI}Standard${zone}`);
    await expect(changes.locator('tbody tr').nth(1)).toContainText(`${DHARAMSALA}Standard${zone}`);
    expect(await zonesOf([MANALI, DHARAMSALA])).toEqual({ [MANALI]: 'Standard', [DHARAMSALA]: 'Standard' });
    await page.getByRole('button', { name: 'Apply 2 changes' }).click();
    await expect(page.getByText('hills.csv: 2 changes applied.')).toBeVisible();
    expect(await zonesOf([MANALI, DHARAMSALA])).toEqual({ [MANALI]: zone, [DHARAMSALA]: zone });

    // The same file again: nothing to change
    await upload(page, 'Zone assignment file (CSV)', hills);
    await expect(preview.getByRole('definition')).toHaveText(['2', '0', '2', '0']);
    await expect(
      page.getByText('No changes: every pincode in the file is already as it says.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Apply/ })).toHaveCount(0);

    // Where the pincodes are now: the Pincodes list, by prefix
    await page.getByRole('link', { name: 'Pincodes', exact: true }).click();
    await page.getByLabel('Pincode starts with').fill('1751');
    await expect(page).toHaveURL(/1751/);
    const manali = page.locator('tbody tr', { hasText: MANALI });
    await expect(manali).toContainText('Manali');
    await expect(manali).toContainText('Himachal Pradesh');
    await expect(manali.getByRole('link', { name: zone })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // South Andaman is in the directory but in no zone: not delivered to
    await page.getByLabel('Pincode starts with').fill('744101');
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.locator('tbody tr')).toContainText('No zone');

    // A holiday, and a later cut-off
    await page.getByRole('link', { name: 'Holidays & cut-off' }).click();
    await expect(page.getByRole('heading', { name: 'Order cut-off and delivery days' })).toBeVisible();
    await expect(page.getByLabel('Order cut-off (IST)')).toHaveValue(schedule.order_cutoff.slice(0, 5));
    await expect(page.getByLabel('Sunday')).toBeChecked();
    await page.getByLabel('Order cut-off (IST)').fill('17:30');
    await page.getByRole('button', { name: 'Save cut-off and days' }).click();
    await expect(page.getByText('Cut-off and delivery days saved')).toBeVisible();
    expect((await deliverySchedule()).order_cutoff).toBe('17:30:00');

    const day = `20${40 + Math.floor(Math.random() * 50)}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
    await page.getByRole('link', { name: 'Add holiday' }).click();
    await page.getByLabel(/^Date/).fill(day);
    await page.getByLabel('Holiday name').fill(holiday);
    await page.getByRole('button', { name: 'Save' }).click();
    const holidayRow = page.locator('tbody tr', { hasText: holiday });
    await expect(holidayRow).toBeVisible();
    expect(await holidaysNamed(holiday)).toEqual([{ day, name: holiday }]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await holidayRow.getByRole('button', { name: `Delete ${holiday}` }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(holidayRow).toHaveCount(0);
    expect(await holidaysNamed(holiday)).toEqual([]);

    // A product marked as a large item (two-person delivery)
    const product = await createProduct(productName);
    await page.goto(`/admin/products/edit/${product.id}`);
    await page.getByLabel('Large item (two-person delivery)').check();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByText('Product updated successfully!')).toBeVisible();
    expect(await isLarge(product.id)).toBe(true);

    expect(outside).toEqual([]);
  } finally {
    await deleteProductNamed(productName);
    await setDeliverySchedule(schedule);
    await assignPincodes(await accessToken(staff), [
      { pincode: MANALI, zone: 'Standard' },
      { pincode: DHARAMSALA, zone: 'Standard' },
    ]);
    await deleteZoneNamed(zone);
    await deleteHolidayNamed(holiday);
  }
});

test("an order's page shows the dates it promised and the zone that priced its delivery", async ({
  page,
}) => {
  const shopper = await createUser();
  const { order_number } = await placeOrder(shopper); // to 560001, a Metro pincode
  const order = await promisedDates(order_number);
  const day = (iso: string) =>
    new Intl.DateTimeFormat('en-IN', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    })
      .formatToParts(new Date(`${iso}T00:00:00Z`))
      .filter((p) => p.type !== 'literal')
      .map((p) => p.value);
  const [fw, fd, fm, fy] = day(order.estimated_delivery_from);
  const [tw, td, tm, ty] = day(order.estimated_delivery_to);
  await signInAsAdmin(page, await createUser('admin'));
  await page.goto(`/admin/orders/${order.id}/show`);
  await expect(page.getByText(/^Promised delivery/)).toHaveText(
    `Promised delivery ${fw}, ${fd} ${fm} ${fy} – ${tw}, ${td} ${tm} ${ty} · zone Metro`,
  );
  await expect(page.getByRole('link', { name: 'Metro' })).toHaveAttribute(
    'href',
    /\/admin\/delivery_zones\/\d+$/,
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('staff preview a directory correction and see the refused rows; nothing is written', async ({
    page,
  }) => {
    await signInAsAdmin(page, await createUser('admin'));
    await page.goto('/admin/delivery_zones');
    await expect(page.locator('tbody tr', { hasText: 'Standard' })).toContainText('Default');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Pincode upload' }).click();
    await upload(
      page,
      'Directory file (CSV)',
      csvFile('directory.csv', [
        'pincode,office,city,district,state',
        `${MANALI},Manali,Kullu,Kullu,Himachal Pradesh`,
        `${DHARAMSALA},Dharamsala,Kangra,Kangra,Himachal`,
      ]),
    );
    const preview = page.getByRole('region', { name: 'Preview of directory.csv' });
    await expect(preview).toContainText('1 row was refused');
    await expect(preview.getByRole('table', { name: 'Refused rows' })).toContainText(
      '"Himachal" is not a state or union territory of India.',
    );
    await expect(preview.getByRole('table', { name: 'Changes' })).toContainText(
      `${MANALI}Manali (Kullu), Kullu, Kullu, Himachal PradeshManali, Kullu, Kullu, Himachal Pradesh`,
    );
    await expect(page.getByRole('button', { name: 'Apply 1 change' })).toBeDisabled();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Holidays & cut-off' }).click();
    await expect(page.getByLabel('Order cut-off (IST)')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
