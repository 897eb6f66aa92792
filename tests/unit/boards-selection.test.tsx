// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BulkBar } from '@/components/boards/BulkBar';
import { Kanban } from '@/components/boards/Kanban';
import { selectedCardsAtom } from '@/lib/boards/atoms';
import { boardsKeys } from '@/lib/boards/queries';
import type { BoardView, CardView } from '@/lib/boards/types';
import { resetApiClient } from '@/lib/http/api-client';
import { TextProvider } from '@/lib/i18n/client';
import { makeQueryClient } from '@/lib/query/client';
import en from '@/messages/en.json';
import { cardView } from './helpers/card-view';

// The board as the browser sees it: selecting cards on their tiles, and one bulk call for the selection.

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetApiClient();
});
afterAll(() => server.close());

const B = '00000000-0000-4000-8000-0000000000b0';
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const card = (n: number, over: Partial<CardView> = {}): CardView => cardView(id(n), { rank: `V${n}`, title: `Card ${n}`, ...over });
const board: BoardView = {
  id: B,
  name: 'Launch',
  columns: [
    { id: 'todo', name: 'To do', rank: 'a', wipLimit: null, wipHard: false, archived: false },
    { id: 'done', name: 'Done', rank: 'b', wipLimit: null, wipHard: false, archived: false },
  ],
  labels: [],
  members: [
    { id: 'ana', name: 'Ana' },
    { id: 'bo', name: 'Bo' },
  ],
  cards: [card(1, { assigneeIds: ['ana', 'bo'], coverId: id(9) }), card(2), card(3, { assigneeIds: ['bo'] }), card(4, { columnId: 'done' })],
};
const may = { update: true, delete: false };

function setup() {
  const client: QueryClient = makeQueryClient();
  client.setQueryData(boardsKeys.board(B), board);
  const store = createStore();
  const ui = (children: React.ReactNode) => (
    <QueryClientProvider client={client}>
      <Provider store={store}>
        <TextProvider locale="en" messages={{ boards: en.boards, errors: en.errors, validation: en.validation }}>
          {children}
        </TextProvider>
      </Provider>
    </QueryClientProvider>
  );
  return { client, store, ui };
}
const tile = (title: string) => screen.getAllByTestId('card').find((c) => c.textContent?.includes(title))!;
const selected = () =>
  screen
    .queryAllByTestId('card')
    .filter((c) => c.dataset.selected)
    .map((c) => c.getAttribute('aria-label'));

describe('selecting cards on the board', () => {
  it('X toggles the focused card, Shift+click selects a range in its column, Ctrl+click toggles one', () => {
    const { store, ui } = setup();
    render(ui(<Kanban board={board} cards={board.cards} today="2026-01-01" may={may} onOpen={() => {}} />));
    fireEvent.keyDown(tile('Card 1'), { key: 'x' });
    expect(selected()).toEqual(['Card 1, selected']);
    fireEvent.click(tile('Card 3'), { shiftKey: true });
    expect([...store.get(selectedCardsAtom)].sort()).toEqual([id(1), id(2), id(3)]);
    fireEvent.click(tile('Card 2'), { ctrlKey: true });
    expect([...store.get(selectedCardsAtom)].sort()).toEqual([id(1), id(3)]);
    // The checkbox beside a tile does the same, and is named after its card.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Card 4' }));
    expect(store.get(selectedCardsAtom).has(id(4))).toBe(true);
  });

  it('reads as a plain board without the right to change cards: no checkboxes, X does nothing', () => {
    const { store, ui } = setup();
    render(ui(<Kanban board={board} cards={board.cards} today="2026-01-01" may={{ update: false, delete: false }} onOpen={() => {}} />));
    expect(screen.queryAllByTestId('card-select')).toEqual([]);
    fireEvent.keyDown(tile('Card 1'), { key: 'x' });
    expect(store.get(selectedCardsAtom).size).toBe(0);
  });

  it('swimlanes by assignee: a card of two people is in both lanes, the cover has its alt text', () => {
    const { ui } = setup();
    render(ui(<Kanban board={board} cards={board.cards} today="2026-01-01" may={may} onOpen={() => {}} laneBy="assignee" />));
    const lanes = screen.getAllByTestId('lane');
    expect(lanes.map((l) => within(l).getByRole('heading').textContent)).toEqual(['Ana', 'Bo', 'No assignee']);
    expect(
      within(lanes[1])
        .getAllByTestId('card')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Card 1', 'Card 3']);
    expect(
      within(lanes[2])
        .getAllByTestId('card')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Card 2', 'Card 4']);
    const covers = screen.getAllByRole('img', { name: 'Cover of “Card 1”' });
    expect(covers).toHaveLength(2);
    expect(covers[0].getAttribute('src')).toBe(`/api/boards/${B}/cards/${id(1)}/files/${id(9)}`);
    expect(covers[0].getAttribute('loading')).toBe('lazy');
  });
});

describe('the bulk action bar', () => {
  it('sends one call for the selected cards still shown, puts the answer in the cache and unselects what it archived', async () => {
    const { client, store, ui } = setup();
    const bodies: unknown[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(`http://localhost:3000/api/boards/${B}/cards/bulk`, async ({ request }) => {
        bodies.push(await request.json());
        await held;
        return HttpResponse.json({
          cards: [{ ...card(1), archived: true, updatedAt: '2026-01-02T00:00:00.000Z' }],
          wipExceeded: false,
          message: '1 card archived.',
        });
      }),
    );
    // Card 2 is selected but filtered out of view: it is not sent.
    store.set(selectedCardsAtom, new Set([id(1), id(2)]));
    render(ui(<BulkBar board={board} cards={[board.cards[0]]} />));
    expect(screen.getByTestId('bulk-count').textContent).toBe('1 card selected');
    await act(async () => fireEvent.click(screen.getByTestId('bulk-archive')));
    // Picked while the answer is on its way (the socket's event may already have removed the card): kept.
    await waitFor(() => expect(bodies).toHaveLength(1));
    act(() => store.set(selectedCardsAtom, new Set([...store.get(selectedCardsAtom), id(3)])));
    release();
    await waitFor(() => expect([...store.get(selectedCardsAtom)].sort()).toEqual([id(2), id(3)]));
    expect(bodies).toEqual([{ action: 'archive', cardIds: [id(1)] }]);
    expect(client.getQueryData<BoardView>(boardsKeys.board(B))!.cards.map((c) => c.id)).not.toContain(id(1));
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
  });
});
