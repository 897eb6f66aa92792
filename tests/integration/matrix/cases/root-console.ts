import { emails } from '@/lib/mail/tables';
import type { MatrixCase } from '../world';

/** The root console's overview, outbox and audit log. */
export const cases: MatrixCase[] = [
  { file: 'root/overview/route.ts', method: 'GET', request: async () => ({ path: '/api/root/overview' }) },
  { file: 'root/outbox/route.ts', method: 'GET', request: async () => ({ path: '/api/root/outbox?limit=5' }) },
  {
    file: 'root/outbox/[id]/route.ts',
    method: 'GET',
    request: async (w) => {
      const [row] = await w.db
        .insert(emails)
        .values({ to: 'matrix@example.test', subject: 'Matrix', text: 'Hi', html: '<p>Hi</p>', kind: 'test', locale: 'en' })
        .returning({ id: emails.id });
      return { path: `/api/root/outbox/${row.id}`, params: { id: row.id } };
    },
  },
  {
    file: 'root/outbox/test/route.ts',
    method: 'POST',
    request: async () => ({ path: '/api/root/outbox/test', json: { to: 'matrix@example.test' } }),
    ok: 201,
    skipSuccess: 'needs an SMTP server; root-outbox.test.ts sends one through a mocked transport',
  },
  { file: 'root/audit/route.ts', method: 'GET', request: async (w) => ({ path: `/api/root/audit?projectId=${w.project.A.id}&action=project.` }) },
];
