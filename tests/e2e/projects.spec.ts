import { expect, test, type Page } from '@playwright/test';
import { signInAs, signInAsRoot } from './support/auth';

// Issue "Projects and permissions": a project from request to first use, and a profile
// that opens exactly one section.
test.describe.configure({ mode: 'serial' });

const path = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

async function ready(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByTestId('preloader')).toBeHidden();
  await expect(page.locator('html[data-ready="1"]')).toBeAttached();
}

let requestedId = '';
const projectName = `Lumen Lab ${Date.now().toString(36)}`;

test('a member requests a project with an attached file', async ({ page, context, baseURL }) => {
  await signInAs(context, 'Visitor', baseURL!);
  await ready(page, '/solicitar-proyecto');
  await page.getByLabel('Nombre del proyecto').fill(projectName);
  // The key follows the name and is checked as it is typed.
  const key = page.getByLabel('Clave');
  await expect(key).toHaveValue(/^lumen-lab-/);
  await expect(page.getByTestId('key-status')).toHaveAttribute('data-status', 'available');
  await page.getByTestId('file-input').setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });
  await expect(page.getByTestId('file-list')).toContainText('brief.pdf');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/requestProject') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  const res = await answer;
  expect(res.status()).toBe(201);
  requestedId = ((await res.json()) as { data: { requested: { id: string } } }).data.requested.id;
  await expect(page.getByTestId('request-sent')).toContainText(projectName);
});

test('root enables it through the API', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  await signInAsRoot(context, baseURL!);
  const res = await context.request.post('/api/auth/projects/updateStatus', { data: { projectId: requestedId, status: 1, root: true } });
  expect(res.status()).toBe(200);
  await context.close();
});

test('the member picks it in the dialog and lands on the dashboard', async ({ page, context, baseURL }) => {
  await signInAs(context, 'Visitor', baseURL!);
  await ready(page, '/dashboard');
  await page.getByTestId('active-project').click();
  const dialog = page.getByTestId('project-picker');
  await expect(dialog).toBeVisible();
  // The current pair is preselected, so Select waits for a different one.
  await expect(dialog.getByTestId('picker-project')).toHaveValue(/.+/);
  await expect(dialog.getByRole('button', { name: 'Select' })).toBeDisabled();
  await dialog.getByTestId('picker-project').selectOption({ label: projectName });
  await expect(dialog.getByTestId('picker-profile')).toHaveValue('');
  await dialog.getByTestId('picker-profile').selectOption({ label: 'Owner' });
  await dialog.getByRole('button', { name: 'Select' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => path(page.url())).toBe('/dashboard');
  await expect(page.getByTestId('active-project')).toContainText(projectName);
  await expect(page.getByTestId('active-project')).toContainText('Owner');
});
