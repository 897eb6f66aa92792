import { newResponsesCount } from '../../interviews/attention';
import type { AttentionProvider } from '../attention';

/** Responses of the last 7 days: the interviews list filtered to those that got some. */
export const newResponses: AttentionProvider = {
  key: 'newResponses',
  permissions: ['INTERVIEWS__VIEW'],
  route: 'interviews',
  query: 'responses=new',
  count: (db, s) => newResponsesCount(db, s.projectId),
};
