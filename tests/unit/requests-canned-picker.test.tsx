// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Composer } from '@/components/requests/Composer';
import { TextProvider } from '@/lib/i18n/client';
import { makeQueryClient } from '@/lib/query/client';
import en from '@/messages/en.json';

const replies = [
  { id: 'c1', title: 'Greeting', body: 'Hello {{name}}, this is {{agent}}.', updatedAt: '2026-01-01T00:00:00.000Z' },
  { id: 'c2', title: 'Refund', body: 'Your refund from {{project}} is on its way, {{name}}.', updatedAt: '2026-01-01T00:00:00.000Z' },
];
const server = setupServer(http.get('http://localhost:3000/api/requests/canned', () => HttpResponse.json({ data: { replies } })));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

function renderComposer(onSend = vi.fn(async () => undefined)) {
  render(
    <JotaiProvider>
      <QueryClientProvider client={makeQueryClient()}>
        <TextProvider locale="en" messages={{ requests: en.requests, validation: en.validation, errors: en.errors, ui: en.ui, shell: en.shell }}>
          <Composer staff onSend={onSend} placeholders={{ name: 'Ana', project: 'Demo Studio', agent: 'Sam' }} />
        </TextProvider>
      </QueryClientProvider>
    </JotaiProvider>,
  );
  return { onSend, box: screen.getByTestId('composer-body') as HTMLTextAreaElement };
}

describe('inserting a canned reply', () => {
  it('filters by typing, chooses with the arrow keys and fills the placeholders on Enter', async () => {
    const { box, onSend } = renderComposer();
    fireEvent.change(box, { target: { value: 'Thanks for waiting.' } });
    box.setSelectionRange(box.value.length, box.value.length);
    await act(async () => void fireEvent.click(screen.getByTestId('insert-canned')));
    const search = await screen.findByTestId('canned-search');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(screen.getAllByRole('option')[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(search.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1].id);
    fireEvent.change(search, { target: { value: 'hello' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['GreetingHello Ana, this is Sam.']);
    await act(async () => void fireEvent.keyDown(search, { key: 'Enter' }));
    await waitFor(() => expect(screen.queryByTestId('canned-picker')).toBeNull());
    expect(box.value).toBe('Thanks for waiting.\n\nHello Ana, this is Sam.');
    // Still plain, editable text: what is sent is what the person made of it.
    fireEvent.change(box, { target: { value: `${box.value} Bye.` } });
    await act(async () => void fireEvent.click(screen.getByTestId('composer-send')));
    expect(onSend).toHaveBeenCalledWith('Thanks for waiting.\n\nHello Ana, this is Sam. Bye.', false, []);
  });

  it('says so when nothing matches, and inserts nothing', async () => {
    const { box } = renderComposer();
    await act(async () => void fireEvent.click(screen.getByTestId('insert-canned')));
    const search = await screen.findByTestId('canned-search');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    fireEvent.change(search, { target: { value: 'nothing like this' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText(en.requests.cannedNone)).toBeTruthy();
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.getByTestId('canned-picker')).toBeTruthy();
    expect(box.value).toBe('');
  });
});
