import type { MatrixCase } from '../world';

/** The socket's ticket office. */
export const cases: MatrixCase[] = [
  { file: 'auth/socketTicket/route.ts', method: 'POST', request: async () => ({ path: '/api/auth/socketTicket', json: {} }) },
];
