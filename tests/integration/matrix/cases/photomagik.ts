import { photomagikCategories, photomagikGenerations, photomagikStyles, photomagikUsers } from '@/lib/photomagik/tables';
import { localProvider } from '@/lib/photomagik/providers/local';
import { storage } from '@/lib/storage';
import type { MatrixCase, ProjectName, World } from '../world';

let n = 0;
const category = async (w: World, p: ProjectName) =>
  (
    await w.db
      .insert(photomagikCategories)
      .values({ projectId: w.project[p].id, name: `Cat ${(n += 1)}` })
      .returning()
  )[0];
const style = async (w: World, p: ProjectName) =>
  (
    await w.db
      .insert(photomagikStyles)
      .values({ projectId: w.project[p].id, name: `Style ${(n += 1)}`, promptTemplate: 'x {prompt}' })
      .returning()
  )[0];
const user = async (w: World, p: ProjectName) =>
  (
    await w.db
      .insert(photomagikUsers)
      .values({ projectId: w.project[p].id, externalId: `m-${(n += 1)}-${Date.now()}`, credits: 5 })
      .returning()
  )[0];
/** A finished generation with its image stored. */
async function generation(w: World, p: ProjectName) {
  const u = await user(w, p);
  const [g] = await w.db
    .insert(photomagikGenerations)
    .values({
      projectId: w.project[p].id,
      userId: u.id,
      prompt: 'p',
      fullPrompt: 'x p',
      status: 'done',
      imageKey: `photomagik/${w.project[p].id}/m${(n += 1)}.webp`,
    })
    .returning();
  await storage().put(g.imageKey!, await localProvider.generate({ prompt: 'p', negativePrompt: '', width: 8, height: 8 }), 'image/webp');
  return g;
}
/** Every id of the project's list, as a reorder must name them. */
async function allIds(w: World, p: ProjectName, table: typeof photomagikStyles | typeof photomagikCategories) {
  const { eq } = await import('drizzle-orm');
  return (await w.db.select({ id: table.id }).from(table).where(eq(table.projectId, w.project[p].id))).map((r) => r.id);
}

export const cases: MatrixCase[] = [
  { file: 'photomagik/categories/route.ts', method: 'GET', request: async () => ({ path: '/api/photomagik/categories' }) },
  { file: 'photomagik/categories/route.ts', method: 'POST', ok: 201, request: async () => ({ path: '/api/photomagik/categories', json: { name: 'Matrix' } }) },
  {
    file: 'photomagik/categories/[id]/route.ts',
    method: 'PUT',
    scoped: true,
    request: async (w, p) => {
      const c = await category(w, p);
      return { path: `/api/photomagik/categories/${c.id}`, params: { id: c.id }, json: { name: 'Renamed' } };
    },
  },
  {
    file: 'photomagik/categories/[id]/route.ts',
    method: 'DELETE',
    scoped: true,
    request: async (w, p) => {
      const c = await category(w, p);
      return { path: `/api/photomagik/categories/${c.id}`, params: { id: c.id } };
    },
  },
  {
    file: 'photomagik/categories/order/route.ts',
    method: 'PUT',
    scoped: true,
    request: async (w, p) => {
      await category(w, p);
      return { path: '/api/photomagik/categories/order', json: { ids: await allIds(w, p, photomagikCategories) } };
    },
  },
  { file: 'photomagik/styles/route.ts', method: 'GET', request: async () => ({ path: '/api/photomagik/styles' }) },
  {
    file: 'photomagik/styles/route.ts',
    method: 'POST',
    ok: 201,
    request: async () => ({ path: '/api/photomagik/styles', json: { name: 'Matrix', promptTemplate: 'a {prompt}' } }),
  },
  {
    file: 'photomagik/styles/[id]/route.ts',
    method: 'PUT',
    scoped: true,
    request: async (w, p) => {
      const s = await style(w, p);
      return { path: `/api/photomagik/styles/${s.id}`, params: { id: s.id }, json: { name: 'Edited', promptTemplate: 'b {prompt}' } };
    },
  },
  {
    file: 'photomagik/styles/[id]/route.ts',
    method: 'DELETE',
    scoped: true,
    request: async (w, p) => {
      const s = await style(w, p);
      return { path: `/api/photomagik/styles/${s.id}`, params: { id: s.id } };
    },
  },
  {
    file: 'photomagik/styles/order/route.ts',
    method: 'PUT',
    scoped: true,
    request: async (w, p) => {
      await style(w, p);
      return { path: '/api/photomagik/styles/order', json: { ids: await allIds(w, p, photomagikStyles) } };
    },
  },
  { file: 'photomagik/users/route.ts', method: 'GET', request: async () => ({ path: '/api/photomagik/users' }) },
  {
    file: 'photomagik/users/[id]/route.ts',
    method: 'GET',
    scoped: true,
    request: async (w, p) => {
      const u = await user(w, p);
      return { path: `/api/photomagik/users/${u.id}`, params: { id: u.id } };
    },
  },
  {
    file: 'photomagik/users/[id]/route.ts',
    method: 'PATCH',
    scoped: true,
    request: async (w, p) => {
      const u = await user(w, p);
      return { path: `/api/photomagik/users/${u.id}`, params: { id: u.id }, json: { blocked: true } };
    },
  },
  {
    file: 'photomagik/users/[id]/credits/route.ts',
    method: 'POST',
    scoped: true,
    request: async (w, p) => {
      const u = await user(w, p);
      return { path: `/api/photomagik/users/${u.id}/credits`, params: { id: u.id }, json: { amount: 10 } };
    },
  },
  {
    file: 'photomagik/generations/[id]/image/route.ts',
    method: 'GET',
    scoped: true,
    skipSuccess: 'answers WebP, which the matrix client reads as JSON; photomagik-api.test.ts covers it',
    request: async (w, p) => {
      const g = await generation(w, p);
      return { path: `/api/photomagik/generations/${g.id}/image`, params: { id: g.id } };
    },
  },
  { file: 'photomagik/overview/route.ts', method: 'GET', request: async () => ({ path: '/api/photomagik/overview' }) },
  { file: 'photomagik/key/route.ts', method: 'GET', request: async () => ({ path: '/api/photomagik/key' }) },
  { file: 'photomagik/key/route.ts', method: 'POST', ok: 201, request: async () => ({ path: '/api/photomagik/key' }) },
];
