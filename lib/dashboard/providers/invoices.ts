import { unpaidDueCount } from '../../invoices/attention';
import type { AttentionProvider } from '../attention';
import { dayIn } from '../days';

export const invoicesOverdue: AttentionProvider = {
  key: 'invoicesOverdue',
  permissions: ['INVOICES__VIEW'],
  route: 'invoices',
  query: 'due=overdue',
  count: (db, s) => unpaidDueCount(db, s.projectId, 'overdue', dayIn(s.timeZone)),
};

export const invoicesDue: AttentionProvider = {
  key: 'invoicesDue',
  permissions: ['INVOICES__VIEW'],
  route: 'invoices',
  query: 'due=soon',
  count: (db, s) => unpaidDueCount(db, s.projectId, 'soon', dayIn(s.timeZone)),
};
