import { assignedDueCount, assignedOverdueCount } from '../../boards/attention';
import type { AttentionProvider } from '../attention';
import { addDays, dayIn, DUE_SOON_DAYS } from '../days';

export const cardsOverdue: AttentionProvider = {
  key: 'cardsOverdue',
  permissions: ['BOARDS__VIEW'],
  route: 'boards',
  count: (db, s) => assignedOverdueCount(db, s.projectId, s.userId, dayIn(s.timeZone)),
};

export const cardsDue: AttentionProvider = {
  key: 'cardsDue',
  permissions: ['BOARDS__VIEW'],
  route: 'boards',
  count: (db, s) => {
    const today = dayIn(s.timeZone);
    return assignedDueCount(db, s.projectId, s.userId, today, addDays(today, DUE_SOON_DAYS - 1));
  },
};
