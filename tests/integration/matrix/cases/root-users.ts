import { users } from '@/lib/users/tables';
import type { MatrixCase, World } from '../world';

let n = 0;

/** A user for one call: a new one each time, so a disable never meets one already disabled. */
async function target(w: World, status: 1 | -1 = 1): Promise<string> {
  n += 1;
  const [row] = await w.db
    .insert(users)
    .values({ email: `matrix-root-user-${Date.now().toString(36)}-${n}@example.test`, name: `Matrix Root Target ${n}`, status })
    .returning({ id: users.id });
  return row.id;
}

const at = (id: string, tail = '') => ({ path: `/api/root/users/${id}${tail}`, params: { id } });

/** The root console's users area. */
export const cases: MatrixCase[] = [
  { file: 'root/users/route.ts', method: 'GET', request: async () => ({ path: '/api/root/users?q=matrix&state=confirmed&page=1&size=10' }) },
  { file: 'root/users/[id]/route.ts', method: 'GET', request: async (w) => at(await target(w)) },
  { file: 'root/users/[id]/status/route.ts', method: 'POST', request: async (w) => ({ ...at(await target(w), '/status'), json: { disabled: true } }) },
  {
    file: 'root/users/[id]/resendConfirmation/route.ts',
    method: 'POST',
    request: async (w) => ({ ...at(await target(w, -1), '/resendConfirmation'), json: {} }),
  },
];
