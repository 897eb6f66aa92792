import { projects } from '@/lib/projects/tables';
import type { MatrixCase } from '../world';

/** Root's project actions. */
export const cases: MatrixCase[] = [
  {
    file: 'auth/projects/updateStatus/route.ts',
    method: 'POST',
    request: async (w) => {
      const [row] = await w.db.insert(projects).values({ key: `pending-${crypto.randomUUID().slice(0, 8)}`, name: 'Pending', status: 0 }).returning({ id: projects.id });
      return { path: '/api/auth/projects/updateStatus', json: { projectId: row.id, status: 1, root: true } };
    },
  },
];
