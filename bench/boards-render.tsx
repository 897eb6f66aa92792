import { QueryClientProvider } from '@tanstack/react-query';
import { performance } from 'node:perf_hooks';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Kanban } from '../components/boards/Kanban';
import type { BoardView } from '../lib/boards/types';
import { TextProvider } from '../lib/i18n/client';
import { makeQueryClient } from '../lib/query/client';
import en from '../messages/en.json';

// The board's first render in a DOM (happy-dom, installed by bench/boards.ts before this
// module loads): the whole kanban of the API's answer, and a bare list of the same titles.

type Messages = Record<string, Record<string, unknown>>;

/** Milliseconds from render() to the DOM committed, for the kanban and for a bare <ul>. */
export function renderOnce(board: BoardView): { kanban: number; bare: number; cardsInDom: number } {
  const host = document.createElement('div');
  document.body.append(host);
  const client = makeQueryClient();
  const root = createRoot(host);
  let start = performance.now();
  flushSync(() =>
    root.render(
      <QueryClientProvider client={client}>
        <TextProvider locale="en" messages={en as unknown as Messages}>
          <Kanban board={board} cards={board.cards} today="2026-01-01" may={{ update: true, delete: true }} onOpen={() => {}} />
        </TextProvider>
      </QueryClientProvider>,
    ),
  );
  const kanban = performance.now() - start;
  const cardsInDom = host.querySelectorAll('[data-testid="card"]').length;
  root.unmount();
  host.remove();

  const bareHost = document.createElement('div');
  document.body.append(bareHost);
  const bareRoot = createRoot(bareHost);
  start = performance.now();
  flushSync(() =>
    bareRoot.render(
      <ul>
        {board.cards.map((c) => (
          <li key={c.id}>{c.title}</li>
        ))}
      </ul>,
    ),
  );
  const bare = performance.now() - start;
  bareRoot.unmount();
  bareHost.remove();
  return { kanban, bare, cardsInDom };
}
