import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { json, route, type ProjectContext } from '@/lib/http/route';
import { memberships, projects } from '@/lib/projects/tables';
import { setupWorld } from './matrix/world';

// The wrapper's options on their own, before any route uses root or extension.
const whoami = route<ProjectContext>(async (_req, ctx) => json({ project: ctx.project.id, profile: ctx.profile.id }), { connected: true });
const rootOnly = route(async () => json({ ok: true }), { root: true });
const blogOnly = route<ProjectContext>(async () => json({ ok: true }), { extension: 'blog', permissions: ['EXTENSIONS__BLOG__POSTS__VIEW'] });
const some = route(async () => json({ ok: true }), { permissions: ['BOARDS__VIEW', 'USERS__VIEW'], mode: 'some' });

const w = setupWorld();

describe('route access options', () => {
  it('connected routes get the active project and profile, re-read on every call', async () => {
    const member = await w.memberOf('A', []);
    const res = await member.client.call(whoami, '/api/x', { method: 'GET' });
    expect(res.body).toEqual({ project: w.project.A.id, profile: member.profileId });
    // Deactivated membership: the same token is no longer connected.
    await w.db.update(memberships).set({ status: 0 }).where(eq(memberships.id, member.membershipId!));
    const after = await member.client.call(whoami, '/api/x', { method: 'GET' });
    expect(after.status).toBe(403);
    expect(after.body.message).toMatch(/project/i);
  });

  it('a disabled project disconnects its members on the next call', async () => {
    const member = await w.memberOf('B', []);
    expect((await member.client.call(whoami, '/api/x', { method: 'GET' })).status).toBe(200);
    await w.db.update(projects).set({ status: 2 }).where(eq(projects.id, w.project.B.id));
    try {
      expect((await member.client.call(whoami, '/api/x', { method: 'GET' })).status).toBe(403);
    } finally {
      await w.db.update(projects).set({ status: 1 }).where(eq(projects.id, w.project.B.id));
    }
  });

  it('root routes need the platform root, whatever the project profile', async () => {
    const owner = await w.memberOf('A', 'root');
    expect((await owner.client.call(rootOnly, '/api/x', { method: 'GET' })).status).toBe(403);
    const rootUser = await w.signedIn({ root: true });
    expect((await rootUser.client.call(rootOnly, '/api/x', { method: 'GET' })).status).toBe(200);
    expect((await w.anonymous().call(rootOnly, '/api/x', { method: 'GET' })).status).toBe(401);
  });

  it('an extension that is off answers 404, even to an isRoot profile', async () => {
    const owner = await w.memberOf('A', 'root');
    expect((await owner.client.call(blogOnly, '/api/x', { method: 'GET' })).status).toBe(200);
    await w.db
      .update(projects)
      .set({ extensions: ['eventLogs'] })
      .where(eq(projects.id, w.project.A.id));
    expect((await owner.client.call(blogOnly, '/api/x', { method: 'GET' })).status).toBe(404);
  });

  it('"some" needs one of the permissions', async () => {
    expect((await (await w.memberOf('A', ['USERS__VIEW'])).client.call(some, '/api/x', { method: 'GET' })).status).toBe(200);
    expect((await (await w.memberOf('A', ['CHATS__TEAM'])).client.call(some, '/api/x', { method: 'GET' })).status).toBe(403);
  });

  it('declares what it checks, for the authorization matrix', () => {
    expect(blogOnly.access).toEqual({
      auth: 'required',
      connected: true,
      permissions: ['EXTENSIONS__BLOG__POSTS__VIEW'],
      mode: 'all',
      root: false,
      extension: 'blog',
    });
    expect(rootOnly.access.root).toBe(true);
  });
});
