import { myCardsCount } from '../../boards/attention';
import type { AttentionProvider } from '../attention';
import { dayIn } from '../days';

export const cardsOverdue: AttentionProvider = {
  key: 'cardsOverdue',
  permissions: ['BOARDS__VIEW'],
  route: 'boards',
  query: 'view=mine&due=overdue',
  count: (db, s) => myCardsCount(db, s.projectId, s.userId, 'overdue', dayIn(s.timeZone)),
};

export const cardsDue: AttentionProvider = {
  key: 'cardsDue',
  permissions: ['BOARDS__VIEW'],
  route: 'boards',
  query: 'view=mine&due=week',
  count: (db, s) => myCardsCount(db, s.projectId, s.userId, 'week', dayIn(s.timeZone)),
};
