import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAs, signInAsRoot } from './support/auth';
import { choose, ready } from './support/page';

// Issue 15: root issues an invoice to Demo Studio; the owner pays half by bank transfer
// (root confirms the proof) and the rest in BTC through the built-in test processor; the
// invoice ends paid with both payments listed, and the pay page follows it live. The server
// runs with PAYMENTS_TEST=1, so it is a test invoice, labelled as such on every side (issue 28).
test('root issues an invoice; the owner pays half by transfer and half in BTC; it ends paid', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const rootContext = await browser.newContext();
  await signInAsRoot(rootContext, baseURL!);
  const root = await rootContext.newPage();
  await ready(root, `${baseURL}/root/invoices`);
  await root.getByTestId('invoice-new').click();
  const editor = root.getByTestId('invoice-editor');
  await choose(root, editor.getByTestId('editor-project'), 'Demo Studio');
  await editor.getByLabel('Currency').fill('USD');
  const line = editor.getByTestId('editor-line').first();
  await line.getByLabel('Description').fill('Website plan');
  await line.getByLabel('Quantity').fill('1');
  // Money is typed in the currency's unit, as it is shown.
  await line.getByLabel('Unit price').fill('200.005');
  await expect(editor.getByTestId('editor-total')).toHaveText('$200.01');
  await line.getByLabel('Unit price').fill('200');
  await expect(editor.getByTestId('editor-total')).toHaveText('$200.00');
  await editor.getByTestId('editor-save-send').click();
  await expect(root).toHaveURL(/\/root\/invoices\/[0-9a-f-]{36}$/);
  const id = root.url().split('/').pop()!;
  await expect(root.getByTestId('invoice-status')).toHaveAttribute('data-status', 'sent');
  await expect(root.getByTestId('invoice-test')).toHaveText('Test');
  const number = (await root.getByTestId('invoice-number').innerText()).split(' ').pop()!;
  // Unit prices read as money, not as the minor units they are stored in.
  await expect(root.getByTestId('invoice-line-price')).toHaveText(['$200.00']);

  // The owner opens it (recorded as viewed) and pays half by transfer with a proof.
  const ownerContext = await browser.newContext();
  await signInAs(ownerContext, 'Owner', baseURL!);
  const owner = await ownerContext.newPage();
  await ready(owner, `${baseURL}/dashboard/invoices`);
  await expect(owner.getByTestId('invoice-row').filter({ hasText: number }).getByTestId('invoice-test')).toBeVisible();
  await owner.getByRole('link', { name: number }).click();
  await expect(owner).toHaveURL(`${baseURL}/dashboard/invoices/${id}`);
  await expect(owner.getByTestId('invoice-status')).toHaveAttribute('data-status', 'viewed');
  await owner.getByTestId('invoice-pay').click();
  await expect(owner).toHaveURL(`${baseURL}/dashboard/invoices/${id}/pay`);
  await expect(owner.getByTestId('pay-due')).toHaveText('$200.00');
  // "Back to invoices" keeps to its own line: it never covers the "Total" label, wide or narrow.
  for (const width of [1280, 360]) {
    await owner.setViewportSize({ width, height: 800 });
    const back = (await owner.getByRole('link', { name: 'Back to invoices' }).boundingBox())!;
    const total = (await owner.getByText('Total', { exact: true }).first().boundingBox())!;
    const overlap = back.x < total.x + total.width && total.x < back.x + back.width && back.y < total.y + total.height && total.y < back.y + back.height;
    expect(overlap, `at ${width} px`).toBe(false);
  }
  await owner.setViewportSize({ width: 1280, height: 720 });
  await owner.getByTestId('pay-amount').fill('100.00');
  await owner.getByTestId('pay-method-transfer').check();
  await expect(owner.getByTestId('bank-account')).toContainText('GB82 WEST 1234 5698 7654 32');
  await expect(owner.getByTestId('bank-instructions')).toContainText('Reference: your invoice number');
  await owner
    .getByTestId('transfer-proof')
    .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% transfer receipt\n') });
  await owner.getByTestId('transfer-send').click();
  await expect(owner.getByText('Proof sent: the platform will confirm the transfer.').first()).toBeVisible();

  // Root confirms the proof: the invoice is partly paid.
  await root.reload();
  await root.getByTestId('payment-confirm').click();
  await expect(root.getByTestId('invoice-status')).toHaveAttribute('data-status', 'partial');

  // The owner's pay page follows live; the rest goes in BTC, locked for 15 minutes.
  await expect(owner.getByTestId('pay-status')).toHaveAttribute('data-status', 'partial');
  await expect(owner.getByTestId('pay-paid')).toHaveText('$100.00');
  await owner.getByTestId('pay-method-crypto').check();
  await expect(owner.getByTestId('crypto-test-processor')).toContainText('no real money moves');
  await owner.getByTestId('crypto-quote-get').click();
  // The amount in full with the coin's code (no sign a system font may lack), the rate as money.
  await expect(owner.getByTestId('crypto-quote')).toContainText('Send exactly BTC 0.0020. Rate $50,000.00 per BTC');
  await expect(owner.getByTestId('quote-countdown')).toHaveText(/^1[45]:\d\d$/);
  await owner.getByTestId('crypto-simulate').click();
  await expect(owner.getByTestId('pay-status')).toHaveAttribute('data-status', 'paid');
  await expect(owner.getByTestId('notice-success')).toBeVisible();

  // Both payments are listed on the invoice, confirmed.
  await ready(owner, `${baseURL}/dashboard/invoices/${id}`);
  await expect(owner.getByTestId('invoice-status')).toHaveAttribute('data-status', 'paid');
  const payments = owner.getByTestId('payment-row');
  await expect(payments).toHaveCount(2);
  await expect(owner.locator('[data-testid="payment-row"][data-method="transfer"][data-status="confirmed"]')).toHaveCount(1);
  await expect(owner.locator('[data-testid="payment-row"][data-method="crypto"][data-status="confirmed"]')).toHaveCount(1);
  await expect(owner.getByTestId('invoice-due')).toHaveText('$0.00');
  await expect(owner.getByTestId('invoice-test-notice')).toBeVisible();

  // Root sees which processor settled the crypto payment.
  await root.reload();
  await expect(root.locator('[data-testid="payment-row"][data-method="crypto"]').getByTestId('payment-provider')).toHaveText('Test processor');
  await rootContext.close();
  await ownerContext.close();
});

async function expectAxeClean(page: Page, label: string) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`));
  expect(found, label).toEqual([]);
}

// The invoice pages at phone width, in both themes, pass axe (WCAG 2 A and AA).
for (const theme of ['light', 'dark'] as const) {
  test(`invoice pages have no axe violations at 360 px in the ${theme} theme`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    for (const who of ['owner', 'root'] as const) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
      if (who === 'owner') await signInAs(context, 'Owner', baseURL!);
      else await signInAsRoot(context, baseURL!);
      const page = await context.newPage();
      const list = who === 'owner' ? '/dashboard/invoices' : '/root/invoices';
      await ready(page, `${baseURL}${list}`);
      await expect(page.getByTestId('invoice-row').first()).toBeVisible();
      await expectAxeClean(page, `${list} (${theme})`);
      const overdue = page.locator('[data-testid="invoice-row"]:has([data-status="overdue"])').first();
      const id = await overdue.getAttribute('data-id');
      const pages = who === 'owner' ? [`/dashboard/invoices/${id}`, `/dashboard/invoices/${id}/pay`] : [`/root/invoices/${id}`];
      for (const path of pages) {
        await ready(page, `${baseURL}${path}`);
        await expectAxeClean(page, `${path} (${theme})`);
      }
      if (who === 'root') {
        await ready(page, `${baseURL}/root/invoices`);
        await page.getByTestId('invoice-new').click();
        await expect(page.getByTestId('invoice-editor')).toBeVisible();
        await expectAxeClean(page, `editor (${theme})`);
        // At phone width the PDF preview waits behind its tab.
        await page.getByTestId('editor-tab-preview').click();
        await expect(page.getByTestId('invoice-preview')).toBeVisible();
        await expect(page.getByTestId('invoice-editor')).toBeHidden();
        await expectAxeClean(page, `editor's preview (${theme})`);
        await page.getByTestId('invoice-settings').click();
        await expect(page.getByTestId('settings-bank-account')).toBeVisible();
        await expectAxeClean(page, `invoicing settings (${theme})`);
        await page.keyboard.press('Escape');
      }
      // Nothing sticks out sideways at phone width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await context.close();
    }
  });
}

// The PDF beside the editor: drawn by the server from the values being typed, saving nothing;
// root sets the issuer, the bank account and the billed project's details it prints.
test('the invoice editor shows its PDF beside it, and behind a tab below 1024 px', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInAsRoot(context, baseURL!);
  const root = await context.newPage();
  await ready(root, `${baseURL}/root/invoices`);

  // Issuer and bank account: a mistyped IBAN is refused where it was typed.
  await root.getByTestId('invoice-settings').click();
  const settings = root.getByTestId('invoice-settings-dialog');
  await settings.getByTestId('settings-issuer-name').fill('Atrio Platform Ltd');
  await settings.getByTestId('settings-bank-account').fill('GB83 WEST 1234 5698 7654 32');
  await settings.getByTestId('settings-save').click();
  await expect(settings.getByTestId('settings-bank-account')).toHaveAttribute('aria-invalid', 'true');
  await settings.getByTestId('settings-bank-account').fill('GB82 WEST 1234 5698 7654 32');
  await settings.getByTestId('settings-save').click();
  await expect(settings).toBeHidden();

  await root.getByTestId('invoice-new').click();
  const editor = root.getByTestId('invoice-editor');
  const previewDrawn = root.waitForResponse((r) => r.url().endsWith('/api/root/invoices/preview') && r.status() === 200);
  await choose(root, editor.getByTestId('editor-project'), 'Demo Studio');
  const answer = await previewDrawn;
  expect(answer.headers()['content-type']).toBe('application/pdf');
  const frame = root.getByTestId('invoice-preview-frame');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('src', /^blob:/);
  // Beside the editor, not under it.
  const [left, right] = [(await editor.boundingBox())!, (await frame.boundingBox())!];
  expect(right.x).toBeGreaterThanOrEqual(left.x + left.width);
  expect(right.y).toBeLessThan(left.y + left.height);

  // Typing draws it again once the typing pauses, with what was typed.
  const redrawn = root.waitForRequest((r) => r.url().endsWith('/api/root/invoices/preview') && (r.postData() ?? '').includes('Design sprint'));
  const line = editor.getByTestId('editor-line').first();
  await line.getByLabel('Description').fill('Design sprint');
  await line.getByLabel('Unit price').fill('1500');
  expect(JSON.parse((await redrawn).postData()!).projectId).toMatch(/^[0-9a-f-]{36}$/);

  // Below 1024 px the two share the space as tabs, and the keyboard moves between them.
  await root.setViewportSize({ width: 800, height: 900 });
  await expect(frame).toBeHidden();
  await expect(editor).toBeVisible();
  await root.getByTestId('editor-tab-edit').focus();
  await root.keyboard.press('ArrowRight');
  await expect(root.getByTestId('editor-tab-preview')).toHaveAttribute('aria-selected', 'true');
  await expect(frame).toBeVisible();
  await expect(editor).toBeHidden();
  await root.getByTestId('editor-tab-edit').click();
  await expect(editor).toBeVisible();

  // Nothing was saved by drawing: the draft exists only once saved.
  await root.setViewportSize({ width: 1280, height: 900 });
  await editor.getByTestId('editor-save-draft').click();
  await expect(root).toHaveURL(/\/root\/invoices\/[0-9a-f-]{36}$/);
  const id = root.url().split('/').pop()!;

  // The billed project's details, from the invoice's page.
  await root.getByTestId('invoice-billing').click();
  const billing = root.getByTestId('invoice-billing-dialog');
  await billing.getByTestId('billing-legal-name').fill('Demo Studio SL');
  await billing.getByTestId('billing-tax-id').fill('ESB12345678');
  await billing.getByTestId('billing-save').click();
  await expect(billing).toBeHidden();
  const pdf = await root.request.get(`${baseURL}/api/root/invoices/${id}/pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await context.close();
});
