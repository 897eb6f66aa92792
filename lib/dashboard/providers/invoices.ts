import { unpaidDueCount, unpaidOverdueCount } from '../../invoices/attention';
import type { AttentionProvider } from '../attention';
import { addDays, dayIn, DUE_SOON_DAYS } from '../days';

export const invoicesOverdue: AttentionProvider = {
  key: 'invoicesOverdue',
  permissions: ['INVOICES__VIEW'],
  route: 'invoices',
  count: (db, s) => unpaidOverdueCount(db, s.projectId, dayIn(s.timeZone)),
};

export const invoicesDue: AttentionProvider = {
  key: 'invoicesDue',
  permissions: ['INVOICES__VIEW'],
  route: 'invoices',
  count: (db, s) => {
    const today = dayIn(s.timeZone);
    return unpaidDueCount(db, s.projectId, today, addDays(today, DUE_SOON_DAYS - 1));
  },
};
