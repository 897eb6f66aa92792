import { projects } from '@/lib/projects/tables';
import type { MatrixCase } from '../world';

/** Root's project actions. */
export const cases: MatrixCase[] = [
  {
    file: 'auth/projects/updateStatus/route.ts',
    method: 'POST',
    request: async (w) => {
      const [row] = await w.db
        .insert(projects)
        .values({ key: `pending-${crypto.randomUUID().slice(0, 8)}`, name: 'Pending', status: 0 })
        .returning({ id: projects.id });
      return { path: '/api/auth/projects/updateStatus', json: { projectId: row.id, status: 1, root: true } };
    },
  },
  {
    file: 'auth/projects/loginAsAdmin/route.ts',
    method: 'POST',
    request: async (w) => ({ path: '/api/auth/projects/loginAsAdmin', json: { projectId: w.project.A.id, root: true } }),
  },
  {
    file: 'auth/projects/leaveAdmin/route.ts',
    method: 'POST',
    request: async () => ({ path: '/api/auth/projects/leaveAdmin', json: {} }),
    // The matrix's caller is signed in as themselves, not acting as an admin: the handler's
    // own answer. The full round trip is in root-admin.test.ts.
    ok: 409,
  },
];
