import { expect, test } from '@playwright/test';
import { signInAs, signInAsRoot } from './support/auth';
import { choose, pathOf as path, ready } from './support/page';

// Issue "Projects and permissions": a project from request to first use, and a profile
// that opens exactly one section.
test.describe.configure({ mode: 'serial' });

const projectName = `Lumen Lab ${Date.now().toString(36)}`;

test('a member requests a project with a file, root enables it, the member picks it in the dialog', async ({ page, context, browser, baseURL }) => {
  await signInAs(context, 'Visitor', baseURL!);
  await ready(page, '/solicitar-proyecto');
  await page.getByLabel('Nombre del proyecto').fill(projectName);
  // The key follows the name and is checked as it is typed.
  const key = page.getByLabel('Clave');
  await expect(key).toHaveValue(/^lumen-lab-/);
  await expect(page.getByTestId('key-status')).toHaveAttribute('data-status', 'available');
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });
  await expect(page.getByTestId('file-list')).toContainText('brief.pdf');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/requestProject') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  const res = await answer;
  expect(res.status()).toBe(201);
  const requestedId = ((await res.json()) as { data: { requested: { id: string } } }).data.requested.id;
  await expect(page.getByTestId('request-sent')).toContainText(projectName);

  // Root enables it through the API (the root console comes later).
  const rootContext = await browser.newContext();
  await signInAsRoot(rootContext, baseURL!);
  const enabled = await rootContext.request.post('/api/auth/projects/updateStatus', { data: { projectId: requestedId, status: 1, root: true } });
  expect(enabled.status()).toBe(200);
  await rootContext.close();

  // The member, still at work in the demo project, picks the new one in the dialog.
  await ready(page, '/dashboard');
  await page.getByTestId('active-project').click();
  const dialog = page.getByTestId('project-picker');
  await expect(dialog).toBeVisible();
  // The current pair is preselected, so Select waits for a different one.
  await expect(dialog.getByTestId('picker-project')).toHaveText('Demo Studio');
  await expect(dialog.getByRole('button', { name: 'Select' })).toBeDisabled();
  await choose(page, dialog.getByTestId('picker-project'), projectName);
  await expect(dialog.getByTestId('picker-profile')).toHaveText('Choose a profile');
  await choose(page, dialog.getByTestId('picker-profile'), 'Owner');
  await dialog.getByRole('button', { name: 'Select' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => path(page.url())).toBe('/dashboard');
  await expect(page.getByTestId('active-project')).toContainText(projectName);
  await expect(page.getByTestId('active-project')).toContainText('Owner');
});

test('an owner makes a profile with only BOARDS__VIEW; a member holding it sees only Boards', async ({ page, context, browser, baseURL }) => {
  await signInAs(context, 'Owner', baseURL!);
  await ready(page, '/dashboard/profiles');
  await page.getByTestId('profile-new').click();
  const editor = page.getByTestId('profile-editor');
  await expect(editor).toBeVisible();
  await editor.getByLabel('Name', { exact: true }).fill('Board viewer');
  await editor.getByTestId('permission-filter').fill('BOARDS__VIEW');
  await editor.locator('input[type=checkbox][value="BOARDS__VIEW"]').check();
  await expect(editor.getByText('1 of', { exact: false })).toBeVisible();
  await editor.getByTestId('profile-save').click();
  await expect(editor).toBeHidden();
  await expect(page.getByTestId('profile-row').filter({ hasText: 'Board viewer' })).toBeVisible();

  // The guest now holds only that profile.
  await ready(page, '/dashboard/users');
  const guest = page.locator('[data-testid="member"][data-email="guest@demo.test"]');
  await guest.getByTestId('member-profiles').click();
  const dialog = page.getByTestId('profiles-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Board viewer/ }).check();
  await dialog.getByRole('checkbox', { name: /^Guest/ }).uncheck();
  await dialog.getByTestId('profiles-submit').click();
  await expect(dialog).toBeHidden();
  await expect(guest.getByTestId('profile-chips')).toHaveText('Board viewer');

  // The guest's token names the profile they just lost: the next page load follows the
  // database, so they are asked to choose again, and pick the new profile.
  const guestContext = await browser.newContext();
  await signInAs(guestContext, 'Guest', baseURL!);
  const guestPage = await guestContext.newPage();
  await ready(guestPage, '/dashboard');
  const picker = guestPage.getByTestId('project-picker');
  await expect(picker).toBeVisible();
  await choose(guestPage, picker.getByTestId('picker-project'), 'Demo Studio');
  await choose(guestPage, picker.getByTestId('picker-profile'), 'Board viewer');
  await picker.getByRole('button', { name: 'Select' }).click();
  await expect(guestPage.getByTestId('active-project')).toContainText('Board viewer');
  const links = guestPage.getByTestId('sidebar').first().getByRole('link');
  await expect(links).toHaveText(['Dashboard', 'Boards']);
  await guestPage.goto('/dashboard/users');
  expect(path(guestPage.url())).toBe('/403');
  await guestContext.close();
});
