import { expect, test, type Page } from '@playwright/test';
import { apiKeys } from '../../supabase-local/src/keys.ts';
import { seriousA11yViolations } from './support/axe';
import { API, blockThirdParty, createProduct, createUser, signInAsAdmin } from './support/admin';
import { rest } from './support/rest';

// A delivered order, two reviews, moderation with an undo, and the product page: on two cores more
// than the default 30 s.
test.describe.configure({ timeout: 150_000 });

const keys = apiKeys({});
type User = { email: string; password: string; id: string };
type Review = { id: number; status: string; rejection_reason: string | null; store_reply: string | null };

/** A user's access token (a fresh sign-in: the admin RPCs want a fresh admin session). */
async function tokenOf(user: User): Promise<string> {
  const res = await fetch(`${API}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: keys.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const rpc = <T>(name: string, token: string, body: unknown) =>
  rest<T>(`/rest/v1/rpc/${name}`, { method: 'POST', token, body: JSON.stringify(body) });

/** The shopper's cash-on-delivery order of one unit of the product, shipped and delivered by staff. */
async function deliveredLine(productId: number, shopper: User, shopperToken: string, staffToken: string) {
  const order = await rpc<{ id: string }>('place_order', shopperToken, {
    items: [{ product_id: productId, quantity: 1 }],
    shipping_address: {
      fullName: 'Meera Iyer',
      email: shopper.email,
      phone: '9876543210',
      address: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    },
    payment_method: 'cod',
  });
  for (const status of ['shipped', 'delivered'])
    await rpc('admin_set_order_status', staffToken, { order_id: order.id, status });
  const [line] = await rest<{ id: number }[]>(`/rest/v1/order_items?select=id&order_id=eq.${order.id}`);
  return line!.id;
}

const reviewOf = async (id: number) =>
  (await rest<Review[]>(`/rest/v1/reviews?select=id,status,rejection_reason,store_reply&id=eq.${id}`))[0]!;

/** The queue's row of a review, by its (unique) title. */
const rowOf = (page: Page, title: string) => page.locator('tbody tr', { hasText: title });

// The product is the test's own (in Outdoor, which no spec counts); ordered, it stays: its variant
// cannot be deleted once ordered.
const tag = `${Date.now().toString(36)}`;
const productName = `Review test stool ${tag}`;
const good = { title: `Sturdy and comfortable ${tag}`, rating: 4 };
const bad = { title: `Wobbly legs ${tag}`, rating: 2 };

test('a delivered order → the customer reviews it → staff approve (after an undo), reject another with a reason, reply → the product page shows it with the new average', async ({
  page,
}) => {
  const outside = await blockThirdParty(page);
  const product = await createProduct(productName);
  const shopper = await createUser();
  const staff = await createUser('admin');
  await rest(`/rest/v1/profiles?id=eq.${shopper.id}`, {
    method: 'PATCH',
    body: JSON.stringify({ full_name: 'Meera Iyer' }),
  });
  const shopperToken = await tokenOf(shopper);
  const staffToken = await tokenOf(staff);
  const reviews: Record<'good' | 'bad', number> = { good: 0, bad: 0 };
  for (const [key, r] of [
    ['good', good],
    ['bad', bad],
  ] as const) {
    const line = await deliveredLine(product.id, shopper, shopperToken, staffToken);
    const review = await rpc<{ id: number }>('submit_review', shopperToken, {
      order_item_id: line,
      rating: r.rating,
      title: r.title,
      body: 'Bought it for the balcony; it has held up well through the monsoon so far.',
    });
    reviews[key] = review.id;
  }

  // Before moderation the product page has no rating
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(page.getByTestId('rating').first()).toHaveText('No reviews yet');

  // The dashboard counts the pending reviews and links to them
  await signInAsAdmin(page, staff);
  const pending = page.getByRole('link', { name: /^Pending reviews: \d+$/ });
  await expect(pending).toBeVisible();
  await pending.click();
  await expect(page).toHaveURL(/\/admin\/reviews/);
  const goodRow = rowOf(page, good.title);
  await expect(goodRow).toBeVisible();
  await expect(goodRow).toContainText(productName);
  await expect(goodRow).toContainText('Meera I.');
  await expect(goodRow).toContainText('Pending');
  await expect(goodRow.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(goodRow).toContainText(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(new Date()),
  );
  await expect(page.getByRole('menuitem', { name: /Reviews/ })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Bulk approve, then Undo: nothing is sent, the review stays pending
  await goodRow.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Approve' }).click();
  const undo = page.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeVisible();
  await undo.click();
  await expect(undo).toBeHidden();
  await page.waitForTimeout(1_000);
  expect((await reviewOf(reviews.good)).status).toBe('pending');

  // The review's page: approve it, and reply
  await page.reload();
  await rowOf(page, good.title).getByText(good.title).click();
  await expect(page).toHaveURL(new RegExp(`/admin/reviews/${reviews.good}$`));
  await expect(page.getByRole('heading', { name: 'Review by Meera I.' })).toBeVisible();
  await expect(page.getByText('No photos.')).toBeVisible();
  // Staff start the reply while Approve is still on its way (its answer held back here): the approved
  // review that comes back must not erase what they typed.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const reviewWrites = (url: URL) => url.pathname === '/rest/v1/reviews';
  let heldWrites = 0;
  await page.route(reviewWrites, async (route) => {
    if (route.request().method() === 'PATCH') {
      heldWrites++;
      await held;
    }
    await route.continue();
  });
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect.poll(() => heldWrites, 'Approve writes the review').toBe(1);
  const reply = page.getByLabel('Store reply (shown under the review)');
  await reply.fill('Thank you, Meera! Enjoy the balcony.');
  release();
  await expect(page.getByText('Review approved: it shows on the product page')).toBeVisible();
  await expect.poll(async () => (await reviewOf(reviews.good)).status).toBe('approved');
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  await page.unroute(reviewWrites);
  await expect(reply).toHaveValue('Thank you, Meera! Enjoy the balcony.');
  await page.getByRole('button', { name: 'Save reply' }).click();
  await expect(page.getByText('Reply saved')).toBeVisible();
  await expect
    .poll(async () => (await reviewOf(reviews.good)).store_reply)
    .toBe('Thank you, Meera! Enjoy the balcony.');

  // Reject the other from the queue: the dialog refuses an empty reason
  await page.goto('/admin/reviews');
  const badRow = rowOf(page, bad.title);
  await expect(badRow).toBeVisible();
  await badRow.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject the review' });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Give a reason for rejecting: the customer reads it.')).toBeVisible();
  expect((await reviewOf(reviews.bad)).status).toBe('pending');
  await dialog.getByLabel('Reason for rejecting').fill('The review is about delivery, not the product.');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await reviewOf(reviews.bad)).status).toBe('rejected');
  expect((await reviewOf(reviews.bad)).rejection_reason).toBe(
    'The review is about delivery, not the product.',
  );

  // The product page: the approved review, its reply, the new average and count; not the rejected one
  await page.goto(`/product/${product.id}`);
  await expect(page.getByTestId('rating').first()).toContainText('4.0');
  await expect(page.getByTestId('rating').first()).toContainText('(1 review)');
  // the reviews load when their section nears the viewport
  await page.getByRole('heading', { name: 'Customer reviews' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: good.title })).toBeVisible();
  await expect(page.getByText('Thank you, Meera! Enjoy the balcony.')).toBeVisible();
  await expect(page.getByText(bad.title)).toHaveCount(0);
  expect(outside).toEqual([]);
});

/** A 1×1 PNG: the photo a customer attaches to a review. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a review with a phone number and a photo: the page shows the photo, says why it cannot be approved, and the filters find it', async ({
  page,
}) => {
  const name = `Flagged review stool ${tag}`;
  const product = await createProduct(name);
  const shopper = await createUser();
  const staff = await createUser('admin');
  const shopperToken = await tokenOf(shopper);
  const staffToken = await tokenOf(staff);
  const line = await deliveredLine(product.id, shopper, shopperToken, staffToken);
  const photo = `${shopper.id}/e2e-${Date.now()}/1.png`;
  const upload = await fetch(`${API}/storage/v1/object/review-photos/${photo}`, {
    method: 'POST',
    headers: { apikey: keys.anonKey, Authorization: `Bearer ${shopperToken}`, 'Content-Type': 'image/png' },
    body: PNG,
  });
  expect(upload.ok, await upload.text()).toBe(true);
  const title = `Call me about it ${tag}`;
  const review = await rpc<{ id: number; flags: string[] }>('submit_review', shopperToken, {
    order_item_id: line,
    rating: 3,
    title,
    body: 'Nice stool. Call me on 9876543210 if you want to see it.',
    photos: [photo],
  });
  expect(review.flags).toEqual(['phone']);

  await signInAsAdmin(page, staff);
  await page.goto('/admin/reviews');
  // the product filter (an autocomplete over the products' names) and the rating filter
  await page.getByRole('combobox', { name: 'Product' }).fill(name);
  await page.getByRole('option', { name }).click();
  const row = rowOf(page, title);
  await expect(row).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(row).toContainText('Phone number');
  await page.getByRole('combobox', { name: 'Rating' }).click();
  await page.getByRole('option', { name: '5 stars' }).click();
  await expect(rowOf(page, title)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Rating' }).click();
  await page.getByRole('option', { name: '3 stars' }).click();
  await expect(rowOf(page, title)).toBeVisible();
  // the dates are India's days, both ends included
  const istDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(d);
  const today = istDay(new Date());
  await page.getByRole('textbox', { name: 'Date from' }).fill(today);
  await page.getByRole('textbox', { name: 'Date to' }).fill(today);
  await expect(rowOf(page, title)).toBeVisible();
  await page.getByRole('textbox', { name: 'Date to' }).fill(istDay(new Date(Date.now() - 86_400_000)));
  await expect(rowOf(page, title)).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Date to' }).fill(today);
  await expect(rowOf(page, title)).toBeVisible();

  await rowOf(page, title).getByText(title).click();
  await expect(page.getByText('Contains a phone number: cannot be approved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await expect(page.getByText('Call me on 9876543210 if you want to see it.')).toBeVisible();
  const img = page.getByRole('img', { name: 'Review photo 1' });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(1);
  expect(await seriousA11yViolations(page)).toEqual([]);

  // the database refuses it too (the button is only a hint)
  const refused = await fetch(`${API}/rest/v1/reviews?id=eq.${review.id}`, {
    method: 'PATCH',
    headers: {
      apikey: keys.anonKey,
      Authorization: `Bearer ${staffToken}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ status: 'approved' }),
  });
  expect(refused.status).toBe(400);
  expect((await reviewOf(review.id)).status).toBe('pending');
});
