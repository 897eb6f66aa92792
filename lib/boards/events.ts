import { publish } from '../realtime/pubsub';
import { BOARD_EVENTS, type BoardCardEvent, type BoardChangedEvent, type CardView } from './types';

// Published after the change committed, to the sockets connected to the board's project
// whose profile holds BOARDS__VIEW (the same check as reading the board).

const audience = (projectId: string) => ({ projectId, perms: ['BOARDS__VIEW'] as const });

export async function publishCard(projectId: string, boardId: string, card: CardView): Promise<void> {
  const d: BoardCardEvent = { projectId, boardId, card };
  await publish({ audience: audience(projectId), e: BOARD_EVENTS.card, d });
}

export async function publishBoard(projectId: string, boardId: string, deleted = false): Promise<void> {
  const d: BoardChangedEvent = { projectId, boardId, ...(deleted && { deleted }) };
  await publish({ audience: audience(projectId), e: BOARD_EVENTS.board, d });
}
