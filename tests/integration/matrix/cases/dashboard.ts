import type { MatrixCase } from '../world';

/** The dashboard home's figures and activity: any connected member; each item is scoped by its own permission inside. */
export const cases: MatrixCase[] = [
  { file: 'dashboard/attention/route.ts', method: 'GET', request: async () => ({ path: '/api/dashboard/attention' }) },
  { file: 'dashboard/activity/route.ts', method: 'GET', request: async () => ({ path: '/api/dashboard/activity' }) },
];
