// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageItem } from '@/components/chats/MessageItem';
import type { MessageView } from '@/lib/chats/types';
import { TextProvider } from '@/lib/i18n/client';
import { makeQueryClient } from '@/lib/query/client';
import en from '@/messages/en.json';

afterEach(cleanup);

const message: MessageView = {
  id: 'm1',
  seq: 1,
  conversationId: 'c1',
  author: { id: 'ana', name: 'Ana', avatar: null },
  body: 'A message long enough to need the room',
  attachments: [],
  createdAt: '2024-01-01T10:00:00.000Z',
  editedAt: null,
  deleted: false,
};

function renderMine() {
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <TextProvider locale="en" messages={{ chats: en.chats, errors: en.errors }}>
        <MessageItem message={message} continued={false} mine timeZone="UTC" highlighted={false} />
      </TextProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('button', { name: 'Message actions' });
}

async function open(trigger: HTMLElement) {
  await act(async () => {
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
  });
  return screen.findByRole('menu');
}

describe('a message’s actions', () => {
  it('sit in one menu button that closes on Escape', async () => {
    const trigger = renderMine();
    expect(screen.queryByRole('menuitem')).toBeNull();
    const menu = await open(trigger);
    expect([...menu.querySelectorAll('[role="menuitem"]')].map((el) => el.textContent)).toEqual(['Edit message', 'Delete message']);
    await act(async () => void fireEvent.keyDown(menu, { key: 'Escape' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('closes after choosing, and Edit opens the edit box with the text', async () => {
    await open(renderMine());
    await act(async () => void fireEvent.click(screen.getByRole('menuitem', { name: 'Edit message' })));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect((screen.getByTestId('chat-edit-input') as HTMLTextAreaElement).value).toBe(message.body);
    // Editing: no menu button until it is done.
    expect(screen.queryByRole('button', { name: 'Message actions' })).toBeNull();
  });
});
