import { responsesSinceCount } from '../../interviews/attention';
import type { AttentionProvider } from '../attention';

const WEEK_MS = 7 * 86400_000;

/** Responses of the last 7 days: no per-viewer "last looked" mark exists, so a fixed window stands in. */
export const newResponses: AttentionProvider = {
  key: 'newResponses',
  permissions: ['INTERVIEWS__VIEW'],
  route: 'interviews',
  count: (db, s) => responsesSinceCount(db, s.projectId, new Date(Date.now() - WEEK_MS)),
};
