import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/auth';
import { ready } from './support/page';

// Issue "Realtime and chats": two people in two browsers, the socket carrying what one
// writes to the other's screen, notifications when they are elsewhere, and support chat.
test.describe.configure({ mode: 'serial' });

const channel = `release-${Date.now().toString(36)}`;

async function live(page: Page) {
  await expect(page.getByTestId('socket-status')).toHaveAttribute('data-status', 'connected');
}

async function write(page: Page, composer: string, text: string) {
  await page.getByTestId(composer).fill(text);
  await page.getByTestId(composer).press('Enter');
  await expect(page.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
}

test('staff A writes in a channel and staff B sees it live; B elsewhere is notified and the notification opens the chat', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const a = await browser.newContext();
  const b = await browser.newContext();
  await signInAs(a, 'Owner', baseURL!, ['CHATS__TEAM', 'CHATS__SUPPORT']);
  await signInAs(b, 'Manager', baseURL!, ['CHATS__TEAM', 'CHATS__SUPPORT']);
  const pageA = await a.newPage();
  const pageB = await b.newPage();

  await ready(pageA, '/dashboard/chats');
  await live(pageA);
  await pageA.getByTestId('chat-new-channel').click();
  const dialog = pageA.getByTestId('chat-channel-dialog');
  await dialog.getByLabel('Name').fill(channel);
  await dialog.getByTestId('chat-channel-submit').click();
  await expect(dialog).toBeHidden();
  await expect(pageA.getByTestId('chat-title')).toContainText(channel);
  // Its topic, set afterwards from the header.
  await pageA.getByTestId('chat-edit-channel').click();
  const edit = pageA.getByTestId('chat-edit-channel-dialog');
  await edit.getByLabel('Topic').fill('Ship notes');
  await edit.getByTestId('chat-edit-channel-submit').click();
  await expect(edit).toBeHidden();
  await expect(pageA.locator('header').filter({ has: pageA.getByTestId('chat-title') })).toContainText('Ship notes');

  // B opens the new channel (it arrived in the list without a reload) and waits there.
  await ready(pageB, '/dashboard/chats');
  await live(pageB);
  await pageB.locator(`[data-testid="chat-conversation"][data-title="${channel}"]`).click();
  await expect(pageB.getByTestId('chat-title')).toContainText(channel);

  await write(pageA, 'chat-composer', 'Build 42 is out');
  await expect(pageB.getByTestId('chat-message').filter({ hasText: 'Build 42 is out' })).toBeVisible();
  // Typing shows on the other side.
  await pageB.getByTestId('chat-composer').pressSequentially('on it', { delay: 30 });
  await expect(pageA.getByTestId('chat-typing')).toContainText('Mateo');

  // B goes to another page: the next message becomes an in-app notification.
  await ready(pageB, '/dashboard/users');
  await live(pageB);
  await write(pageA, 'chat-composer', 'Please check the changelog');
  await expect(pageB.getByTestId('notification-count')).toHaveText('1');
  await expect(pageB).toHaveTitle(/^\(1\) /);
  await pageB.getByTestId('notification-bell').click();
  const entry = pageB.getByTestId('notification-entry').first();
  await expect(entry).toContainText('Team chat');
  await entry.click();
  await expect.poll(() => new URL(pageB.url()).pathname).toBe('/dashboard/chats');
  await expect(pageB.getByTestId('chat-title')).toContainText(channel);
  await expect(pageB.getByTestId('chat-message').filter({ hasText: 'Please check the changelog' })).toBeVisible();
  await expect(pageB.getByTestId('notification-count')).toHaveCount(0);
  await expect(pageB).not.toHaveTitle(/^\(\d+\) /);
  await a.close();
  await b.close();
});

test('a user opens support chat from their projects and the staff answer reaches them live', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const user = await browser.newContext();
  const staff = await browser.newContext();
  await signInAs(user, 'Guest', baseURL!);
  await signInAs(staff, 'Support', baseURL!, ['CHATS__TEAM', 'CHATS__SUPPORT', 'REQUESTS__VIEW', 'REQUESTS__UPDATE', 'BOARDS__VIEW']);
  const pageU = await user.newPage();
  const pageS = await staff.newPage();

  await ready(pageU, '/account/projects');
  await pageU.getByTestId('contact-support').first().click();
  await expect(pageU.getByTestId('support-chat')).toBeVisible();
  await live(pageU);
  await write(pageU, 'support-composer', 'My invoice shows the wrong amount');

  await ready(pageS, '/dashboard/chats');
  await live(pageS);
  await pageS.getByTestId('chat-tab-support').click();
  await pageS.locator('[data-testid="chat-conversation"][data-title="Gael Guest"]').click();
  await expect(pageS.getByTestId('chat-message').filter({ hasText: 'My invoice shows the wrong amount' })).toBeVisible();
  await pageS.getByTestId('chat-assign-me').click();
  await expect(pageS.getByTestId('chat-assignee')).toContainText('Assigned to you');
  await write(pageS, 'chat-composer', 'Thanks, we are fixing it');

  await expect(pageU.getByTestId('chat-message').filter({ hasText: 'Thanks, we are fixing it' })).toBeVisible();
  await user.close();
  await staff.close();
});
