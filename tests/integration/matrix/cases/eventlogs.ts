import type { MatrixCase } from '../world';

// Event logs: no ids in these paths. Another project's events never show (eventlogs-api.test.ts);
// a date that is not a real one answers 404 there too.
const day = (suffix = '') => ({ path: `/api/eventlogs/days/2026-05-10${suffix}`, params: { date: '2026-05-10' } });

export const cases: MatrixCase[] = [
  { file: 'eventlogs/charts/route.ts', method: 'GET', request: async () => ({ path: '/api/eventlogs/charts?days=7' }) },
  { file: 'eventlogs/days/[date]/route.ts', method: 'GET', request: async () => day() },
  { file: 'eventlogs/days/[date]/events/route.ts', method: 'GET', request: async () => day('/events?page=1') },
  {
    file: 'eventlogs/days/[date]/csv/route.ts',
    method: 'GET',
    skipSuccess: 'answers CSV, which the matrix client reads as JSON; eventlogs-api.test.ts covers it',
    request: async () => day('/csv'),
  },
  {
    file: 'eventlogs/settings/route.ts',
    method: 'PUT',
    request: async () => ({ path: '/api/eventlogs/settings', method: 'PUT', json: { retentionDays: 30 } }),
  },
];
