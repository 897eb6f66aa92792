import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test } from '@playwright/test';
import { person, signInAs, signInAsRoot } from './support/auth';
import { choose, ready } from './support/page';

// Issue 18, varket: root switches the marketplace on for Demo Studio; the owner creates a plan
// and a seller, records a sale and a part refund, and reads the month's totals (commission by
// the invoices' rounding rule) and the CSV; axe on the sales page, phone-wide, both themes.
test.describe.configure({ mode: 'serial' });
const expect = baseExpect.configure({ timeout: 10_000 });
const BASE = '/dashboard/extensions/varket';
// The demo project keeps its default time zone, UTC.
const today = () => new Date().toISOString().slice(0, 10);
const stamp = Date.now().toString(36);
const PLAN = `E2E plan ${stamp}`;
const SELLER = `E2E seller ${stamp}`;

test('root switches varket on for Demo Studio', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  await signInAsRoot(context, baseURL!);
  const page = await context.newPage();
  await ready(page, `/root/projects/${person('Owner').projectId}`);
  const toggle = page.getByTestId('root-project-extension-varket');
  if (!(await toggle.isChecked())) await toggle.click();
  await expect(toggle).toBeChecked();
  await context.close();
});

test('the owner creates a plan and a seller, records a sale and a refund, and sees the month’s totals', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await signInAs(context, 'Owner', baseURL!);
  await ready(page, '/dashboard');
  await page.getByTestId('sidebar').first().getByRole('link', { name: 'Plans', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/plans$`));

  await page.getByTestId('varket-plan-new').click();
  const planDialog = page.getByTestId('varket-plan-dialog');
  await planDialog.getByTestId('varket-plan-name').fill(PLAN);
  await planDialog.getByTestId('varket-plan-price').fill('abc');
  await planDialog.getByTestId('varket-plan-save').click();
  await expect(planDialog.getByText('Enter a valid number.')).toBeVisible();
  await planDialog.getByTestId('varket-plan-price').fill('49.90');
  await planDialog.getByTestId('varket-plan-save').click();
  await expect(planDialog).toBeHidden();
  await expect(page.getByTestId('varket-plan-row').filter({ hasText: PLAN })).toContainText('$49.90');

  await ready(page, `${BASE}/sellers`);
  await page.getByTestId('varket-seller-new').click();
  const sellerDialog = page.getByTestId('varket-seller-dialog');
  await sellerDialog.getByTestId('varket-seller-name').fill(SELLER);
  await sellerDialog.getByTestId('varket-seller-email').fill(`seller-${stamp}@example.test`);
  await sellerDialog.getByTestId('varket-seller-rate').fill('12.5');
  await sellerDialog.getByLabel('Payout details').fill('IBAN XX00 0000');
  await sellerDialog.getByTestId('varket-seller-save').click();
  await expect(sellerDialog).toBeHidden();
  const sellerRow = page.getByTestId('varket-seller-row').filter({ hasText: SELLER });
  await expect(sellerRow).toContainText('12.5 %');
  await expect(sellerRow).toContainText('Payout details on file');
  await expect(sellerRow).not.toContainText('IBAN');

  await ready(page, `${BASE}/sellersSales`);
  await page.getByTestId('varket-sale-new').click();
  const saleDialog = page.getByTestId('varket-sale-dialog');
  await choose(page, saleDialog.getByTestId('varket-sale-plan'), `${PLAN} (USD)`);
  await choose(page, saleDialog.getByTestId('varket-sale-seller'), SELLER);
  await expect(saleDialog.getByTestId('varket-sale-gross')).toHaveValue('49.90');
  await saleDialog.getByTestId('varket-sale-customer').fill('CUST-E2E');
  await expect(saleDialog.getByTestId('varket-sale-date')).toHaveValue(today());
  await saleDialog.getByTestId('varket-sale-save').click();
  await expect(saleDialog).toBeHidden();

  await choose(page, page.getByTestId('varket-seller-filter'), SELLER);
  const sale = page.getByTestId('varket-sale-row').filter({ hasText: 'CUST-E2E' });
  // 12.5 % of 49.90 = 6.2375 → 6.24, half away from zero.
  await expect(sale).toContainText('$6.24');
  await sale.getByTestId('varket-sale-refund').click();
  const refund = page.getByTestId('varket-refund-dialog');
  await expect(refund.getByTestId('varket-refund-amount')).toHaveValue('49.90');
  await refund.getByTestId('varket-refund-amount').fill('10.00');
  await refund.getByTestId('varket-refund-save').click();
  await expect(refund).toBeHidden();

  // Kept 39.90: commission 4.9875 → 4.99, net 34.91.
  const totals = page.getByTestId('varket-totals-row').filter({ hasText: SELLER });
  await expect(totals.getByTestId('varket-total-gross')).toHaveText('$49.90');
  await expect(totals.getByTestId('varket-total-refunds')).toHaveText('$10.00');
  await expect(totals.getByTestId('varket-total-commission')).toHaveText('$4.99');
  await expect(totals.getByTestId('varket-total-net')).toHaveText('$34.91');

  const href = await page.getByTestId('varket-csv').getAttribute('href');
  const csv = await page.request.get(href!);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(await csv.text()).toContain(`${SELLER},${PLAN},CUST-E2E,USD,49.90,10.00,12.5,4.99,34.91`);
});

test('the demo manager, a linked seller, sees only his own sales', async ({ page, context, baseURL }) => {
  await signInAs(context, 'Manager', baseURL!);
  // Found without a link: the menu offers "My sales" to a member linked to a seller.
  await ready(page, '/dashboard');
  await page.getByTestId('sidebar').first().getByRole('link', { name: 'My sales' }).click();
  await page.waitForURL(`**${BASE}/mySales`);
  await expect(page.locator('html[data-ready="1"]')).toBeAttached();
  await expect(page.getByRole('heading', { name: 'My sales' })).toBeVisible();
  // Seeded: the newest sale is two days old, so it may sit in the previous month.
  const rows = page.getByTestId('varket-sale-row');
  await page.waitForLoadState('networkidle');
  if ((await page.getByTestId('varket-totals').count()) === 0) await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('varket-totals-row')).toHaveCount(1);
  await expect(page.getByTestId('varket-totals-row')).toContainText('Mateo Manager');
  await expect(page.getByText(SELLER)).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  for (const path of ['plans', 'sellers', 'sellersSales']) {
    test(`${path} passes axe at 360 px in the ${theme} theme`, async ({ page, context, baseURL }) => {
      await page.setViewportSize({ width: 360, height: 800 });
      await signInAs(context, 'Owner', baseURL!);
      await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
      await ready(page, `${BASE}/${path}`);
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary}`))).toEqual([]);
    });
  }
}
