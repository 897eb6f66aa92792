import type { Tx } from '../db/client';
import { rankBetween, spreadRanks } from './rank';
import { boardActivity, boardCards, boardColumns, boardLabels, boards } from './tables';

// Demo Studio's launch board: a few columns (one with a WIP limit), labels and cards, so
// the boards page has something to show on first start.
const COLUMNS: { name: string; wipLimit?: number }[] = [{ name: 'Backlog' }, { name: 'In progress', wipLimit: 3 }, { name: 'Review' }, { name: 'Done' }];
const LABELS = [
  { name: 'Design', color: '#8b5cf6' },
  { name: 'Content', color: '#0ea5e9' },
  { name: 'Bug', color: '#dc2626' },
];
type DemoCard = { column: number; title: string; description?: string; assignee?: number; labels?: number[]; dueInDays?: number; checklist?: string[] };
const CARDS: DemoCard[] = [
  { column: 0, title: 'Write the launch announcement', labels: [1], assignee: 1, dueInDays: 10 },
  { column: 0, title: 'Collect customer quotes', labels: [1] },
  { column: 1, title: 'Design the pricing page', labels: [0], assignee: 0, dueInDays: 3, checklist: ['Wireframe', 'Colours', 'Copy'] },
  {
    column: 1,
    title: 'Fix the signup form on small screens',
    labels: [2],
    assignee: 2,
    dueInDays: -1,
    description: 'The **Register** button is cut off below 360 px.\n\n- Reproduce on a phone\n- Check the dark theme too',
  },
  { column: 2, title: 'Review the help articles', labels: [1], assignee: 1 },
  { column: 3, title: 'Set up the team chat', assignee: 0 },
];

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** `staffIds` in the order of the demo staff: owner, manager, support. */
export async function seedDemoBoard(tx: Tx, projectId: string, staffIds: string[]): Promise<void> {
  const [board] = await tx.insert(boards).values({ projectId, name: 'Website launch', createdBy: staffIds[0] }).returning({ id: boards.id });
  const columnRanks = spreadRanks(COLUMNS.length);
  const columns = await tx
    .insert(boardColumns)
    .values(COLUMNS.map((c, i) => ({ projectId, boardId: board.id, name: c.name, rank: columnRanks[i], wipLimit: c.wipLimit ?? null })))
    .returning({ id: boardColumns.id });
  const labels = await tx
    .insert(boardLabels)
    .values(LABELS.map((l) => ({ projectId, boardId: board.id, ...l })))
    .returning({ id: boardLabels.id });
  const last = new Map<number, string>();
  for (const card of CARDS) {
    const rank = rankBetween(last.get(card.column) ?? null, null);
    last.set(card.column, rank);
    const [row] = await tx
      .insert(boardCards)
      .values({
        projectId,
        boardId: board.id,
        columnId: columns[card.column].id,
        rank,
        title: card.title,
        description: card.description ?? '',
        assigneeIds: card.assignee === undefined ? [] : [staffIds[card.assignee]],
        labelIds: (card.labels ?? []).map((i) => labels[i].id),
        dueOn: card.dueInDays === undefined ? null : dayFromNow(card.dueInDays),
        checklist: (card.checklist ?? []).map((text, i) => ({ id: crypto.randomUUID(), text, done: i === 0 })),
        createdBy: staffIds[0],
      })
      .returning({ id: boardCards.id });
    await tx.insert(boardActivity).values({ projectId, boardId: board.id, cardId: row.id, actorId: staffIds[0], kind: 'created', data: { title: card.title } });
  }
}
