import { profiles } from '@/lib/projects/tables';
import type { MatrixCase, ProjectName, World } from '../world';

let n = 0;
const uniqueName = () => `Matrix profile ${Date.now().toString(36)} ${(n += 1)}`;

/** A profile with no permissions and no members in the named project: any holder of the route's permission may change or delete it. */
async function emptyProfile(w: World, project: ProjectName) {
  const [row] = await w.db.insert(profiles).values({ projectId: w.project[project].id, name: uniqueName() }).returning({ id: profiles.id });
  return row.id;
}

const at = (id: string) => ({ path: `/api/profiles/${id}`, params: { id } });

export const cases: MatrixCase[] = [
  { file: 'profiles/route.ts', method: 'GET', request: async () => ({ path: '/api/profiles' }) },
  // No permissions granted, so holding PROFILES__CREATE is enough.
  { file: 'profiles/route.ts', method: 'POST', ok: 201, request: async () => ({ path: '/api/profiles', json: { name: uniqueName(), permissions: [] } }) },
  { file: 'profiles/[id]/route.ts', method: 'GET', scoped: true, request: async (w, p) => at(await emptyProfile(w, p)) },
  {
    file: 'profiles/[id]/route.ts',
    method: 'PATCH',
    scoped: true,
    request: async (w, p) => ({ ...at(await emptyProfile(w, p)), json: { name: uniqueName(), permissions: [] } }),
  },
  { file: 'profiles/[id]/route.ts', method: 'DELETE', scoped: true, request: async (w, p) => at(await emptyProfile(w, p)) },
];
