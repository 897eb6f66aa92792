// @vitest-environment happy-dom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TabTitle } from '@/components/realtime/TabTitle';
import { clearConversation, setUnread } from '@/lib/chats/unread-store';

// Next writes the page's title into <head> on navigation and on refresh.
const nextWrites = (title: string) => {
  document.head.querySelector('title')!.textContent = title;
};

describe('TabTitle', () => {
  beforeEach(() => {
    document.head.innerHTML = '<title>Chats · Atrio</title>';
    setUnread({});
  });
  afterEach(cleanup);

  it('follows the unread total, and gives the plain title back at 0 and on unmount', async () => {
    const view = render(<TabTitle />);
    expect(document.title).toBe('Chats · Atrio');
    act(() => setUnread({ a: 2, b: 1 }));
    expect(document.title).toBe('(3) Chats · Atrio');
    act(() => clearConversation('a'));
    expect(document.title).toBe('(1) Chats · Atrio');
    act(() => clearConversation('b'));
    expect(document.title).toBe('Chats · Atrio');
    act(() => setUnread({ a: 4 }));
    view.unmount();
    expect(document.title).toBe('Chats · Atrio');
  });

  it('puts the prefix back when Next writes a new title, or the same one again', async () => {
    render(<TabTitle />);
    act(() => setUnread({ a: 1 }));
    nextWrites('Users · Atrio');
    await waitFor(() => expect(document.title).toBe('(1) Users · Atrio'));
    // The same title again (a refresh): the page's title did not change, the prefix was lost.
    nextWrites('Users · Atrio');
    await waitFor(() => expect(document.title).toBe('(1) Users · Atrio'));
  });
});
