import { expect, test, type Page } from '@playwright/test';
import { seriousA11yViolations } from './support/axe';
import { createProduct } from './support/admin';
import { signInOnLoginPage } from './support/checkout';
import { rest } from './support/rest';
import { deliveredOrderOf, moderateReview, reviewPhotoStored } from './support/reviews';

// A product of the test's own (Outdoor, no reviews), so the counts asserted are this test's alone (it
// stays: an ordered product cannot be deleted, and the e2e database is in memory).
// Order, delivery, upload, moderation: more than the default 30 s.
test.describe.configure({ timeout: 240_000 });

/** A 1×1 PNG: the review's photo. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function signInAt(page: Page, path: string, user: { email: string; password: string }) {
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signInOnLoginPage(page, user);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

/** The product page's reviews, scrolled to (they load when near the viewport). */
async function reviewsOf(page: Page, productId: number) {
  await page.goto(`/product/${productId}`);
  const section = page.getByRole('region', { name: 'Customer reviews' });
  await section.scrollIntoViewIfNeeded();
  return section;
}

test('a customer reviews a delivered product with a photo; once staff approve it, the product page shows it with the new average, count and histogram', async ({
  page,
}, testInfo) => {
  const name = `Review Bench ${testInfo.project.name} ${Date.now()}`;
  const product = await createProduct(name);
  const order = await deliveredOrderOf(product.id);

  // No approved review yet: no stars anywhere, no invented rating.
  let section = await reviewsOf(page, product.id);
  await expect(page.getByTestId('rating').first()).toHaveText('No reviews yet');
  await expect(section.getByText('No reviews yet')).toBeVisible();
  const ld = await page.locator('script[type="application/ld+json"]').textContent();
  expect(JSON.parse(ld!)).not.toHaveProperty('aggregateRating');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Order History: the delivered line offers a review.
  await signInAt(page, '/profile?tab=orders', order.user);
  const history = page.getByRole('listitem').filter({ hasText: order.orderNumber });
  const note = history.getByTestId('review-line-note');
  await expect(note).toHaveText(`Rate this product ${name}`);
  await note.getByRole('link', { name: `Rate this product ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Rate this product', level: 1 })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();

  // Nothing filled in: every problem is said at once.
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveAccessibleDescription(
    'Give your review a title of 3 to 120 characters',
  );
  await expect(page.getByText('Write 10 to 3,000 characters about the product')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The stars are a radio group: the keyboard moves from 5 stars down to 4.
  // A click on a star (the radio's label), as a person does.
  const stars = page.getByRole('group', { name: 'Your rating' });
  await stars.locator('label', { has: page.getByRole('radio', { name: '5 stars' }) }).click();
  await expect(stars.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expect(stars.getByRole('radio', { name: '4 stars' })).toBeFocused();
  await page.getByLabel('Title').fill('Sturdy and easy to assemble');
  await page
    .getByLabel('Your review')
    .fill('Held up well through the monsoon.\nThe finish <b>still</b> looks new.');
  await page
    .getByLabel('Add photos')
    .setInputFiles({ name: 'bench.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(page.getByRole('img', { name: 'Photo 1: bench.png' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByRole('status')).toContainText('It will be published after our team has checked it');

  const [stored] = await rest<{ id: number; status: string; rating: number; photos: string[] }[]>(
    `/rest/v1/reviews?select=id,status,rating,photos&product_id=eq.${product.id}`,
  );
  expect(stored).toMatchObject({ status: 'pending', rating: 4 });
  expect(stored!.photos).toHaveLength(1);
  expect(stored!.photos[0]).toMatch(new RegExp(`^${order.user.id}/[0-9a-f-]{36}/1\\.png$`));

  await page.getByRole('link', { name: 'Back to Order History' }).click();
  await expect(history.getByTestId('review-status')).toHaveText('Pending approval');
  await expect(history.getByRole('link', { name: `Edit your review of ${name}` })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Pending reviews are not counted.
  section = await reviewsOf(page, product.id);
  await expect(section.getByText('No reviews yet')).toBeVisible();

  await moderateReview(stored!.id, { status: 'approved', store_reply: 'Thank you, Asha!' });

  // The reviews wait until their section nears the viewport: the page's first paint asks nothing of
  // them. On a phone the section is far below the fold; at desktop width this test's product (no
  // picture, short text) leaves it in view, so it loads at once.
  const reviewRequests: string[] = [];
  page.on('request', (r) => {
    if (/product_reviews|product_review_stats|review-photos/.test(r.url())) reviewRequests.push(r.url());
  });
  await page.goto(`/product/${product.id}`);
  await expect(page.getByTestId('rating').first()).toHaveText('Rated 4.0 out of 5 (1 review)');
  if (testInfo.project.name === 'phone') {
    await page.waitForTimeout(500);
    expect(reviewRequests).toEqual([]);
  }
  section = page.getByRole('region', { name: 'Customer reviews' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('list', { name: 'Ratings by stars' }).getByRole('listitem')).toHaveText([
    '5 stars: 0',
    '4 stars: 1',
    '3 stars: 0',
    '2 stars: 0',
    '1 star: 0',
  ]);
  const review = section.getByRole('article', { name: 'Sturdy and easy to assemble' });
  await expect(review).toContainText('Asha V.');
  await expect(review).toContainText('Verified buyer');
  await expect(review.getByText('Rated 4 out of 5')).toBeAttached();
  // Plain text: the markup typed stays text.
  await expect(review.getByText(/The finish <b>still<\/b> looks new\./)).toBeVisible();
  await expect(review.locator('b')).toHaveCount(0);
  await expect(review).toContainText('Reply from FurniCraft');
  await expect(review).toContainText('Thank you, Asha!');
  const photo = review.getByRole('img', { name: 'Photo 1 of 1 from Asha V.' });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1);
  const sorts = section.getByLabel('Sort reviews');
  await sorts.selectOption({ label: 'With photos' });
  await expect(section.getByRole('article')).toHaveCount(1);
  const json = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(json.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Order History says it is published.
  await page.goto('/profile?tab=orders');
  await expect(
    page.getByRole('listitem').filter({ hasText: order.orderNumber }).getByTestId('review-status'),
  ).toHaveText('Published');
});

test('a review that was not published says why; the customer edits it, keeping its photo, waits for approval again, and can withdraw it', async ({
  page,
}, testInfo) => {
  const name = `Review Stool ${testInfo.project.name} ${Date.now()}`;
  const product = await createProduct(name);
  const order = await deliveredOrderOf(product.id);
  await signInAt(page, `/profile?tab=orders`, order.user);
  const history = page.getByRole('listitem').filter({ hasText: order.orderNumber });
  await history.getByRole('link', { name: `Rate this product ${name}` }).click();
  const stars = page.getByRole('group', { name: 'Your rating' });
  await stars.locator('label', { has: page.getByRole('radio', { name: '2 stars' }) }).click();
  await page.getByLabel('Title').fill('Wobbly legs');
  await page
    .getByRole('textbox', { name: 'Your review', exact: true })
    .fill('One leg is shorter than the others.');
  await page
    .getByLabel('Add photos')
    .setInputFiles({ name: 'leg.png', mimeType: 'image/png', buffer: PHOTO });
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you for your review');

  const [stored] = await rest<{ id: number; photos: string[] }[]>(
    `/rest/v1/reviews?select=id,photos&product_id=eq.${product.id}`,
  );
  await moderateReview(stored!.id, {
    status: 'rejected',
    rejection_reason: 'Please describe the product rather than the delivery.',
  });

  await page.goto('/profile?tab=orders');
  await expect(history.getByTestId('review-status')).toHaveText(
    'Not published: Please describe the product rather than the delivery.',
  );
  await history.getByRole('link', { name: `Edit your review of ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit your review', level: 1 })).toBeVisible();
  await expect(stars.getByRole('radio', { name: '2 stars' })).toBeChecked();
  await expect(page.getByLabel('Title')).toHaveValue('Wobbly legs');
  await expect(page.getByRole('img', { name: 'Photo 1: added earlier' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page
    .getByRole('textbox', { name: 'Your review', exact: true })
    .fill('The stool rocks: one leg is shorter than the others.');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you for your review');

  const [edited] = await rest<{ status: string; body: string; photos: string[] }[]>(
    `/rest/v1/reviews?select=status,body,photos&id=eq.${stored!.id}`,
  );
  expect(edited).toEqual({
    status: 'pending',
    body: 'The stool rocks: one leg is shorter than the others.',
    photos: stored!.photos,
  });
  await page.getByRole('link', { name: 'Back to Order History' }).click();
  await expect(history.getByTestId('review-status')).toHaveText('Pending approval');

  // The author may withdraw it, its photo with it; the line can then be reviewed again.
  expect(await reviewPhotoStored(stored!.photos[0]!)).toBe(true);
  await history.getByRole('link', { name: `Edit your review of ${name}` }).click();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Withdraw your review' }).click();
  await expect(page.getByRole('status')).toHaveText(/Your review has been withdrawn/);
  expect(await rest<unknown[]>(`/rest/v1/reviews?select=id&id=eq.${stored!.id}`)).toEqual([]);
  await expect.poll(() => reviewPhotoStored(stored!.photos[0]!)).toBe(false);
  await page.getByRole('link', { name: 'Back to Order History' }).click();
  await expect(history.getByRole('link', { name: `Rate this product ${name}` })).toBeVisible();
});
