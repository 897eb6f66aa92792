import { assignedOpenCount, breachedCount } from '../../requests/attention';
import type { AttentionProvider } from '../attention';

export const assignedRequests: AttentionProvider = {
  key: 'assignedRequests',
  permissions: ['REQUESTS__VIEW'],
  route: 'requests',
  query: 'view=mine&status=unsolved',
  count: (db, s) => assignedOpenCount(db, s.projectId, s.userId),
};

export const slaBreaches: AttentionProvider = {
  key: 'slaBreaches',
  permissions: ['REQUESTS__VIEW'],
  route: 'requests',
  query: 'view=breached',
  count: (db, s) => breachedCount(db, s.projectId),
};
