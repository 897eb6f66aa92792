import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { decodeAuthCookie } from '@/lib/auth/cookie';
import { freshAccessToken, revokeSession } from '@/lib/auth/sessions';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { users } from '@/lib/users/tables';
import { profiles, projects } from '@/lib/projects/tables';
import { setupWorld, type Member } from './matrix/world';

// Page guards read the access token; when the database has moved on, pages get a new one.
const w = setupWorld();

const claimsOf = async (m: Member) => (await verifyAccessToken(decodeAuthCookie(m.client.cookie)!.accessToken))!;

describe('freshAccessToken', () => {
  it('is null while the token still says what the database says', async () => {
    const member = await w.memberOf('A', ['BOARDS__VIEW', 'USERS__VIEW']);
    expect(await freshAccessToken(w.db, await claimsOf(member))).toEqual({ accessToken: null, ended: false });
  });

  it('mints a token with the profile’s new permissions', async () => {
    const member = await w.memberOf('A', ['BOARDS__VIEW']);
    await w.db
      .update(profiles)
      .set({ permissions: ['USERS__VIEW'] })
      .where(eq(profiles.id, member.profileId!));
    const fresh = await verifyAccessToken((await freshAccessToken(w.db, await claimsOf(member))).accessToken);
    expect(fresh).toMatchObject({ sub: member.userId, pid: w.project.A.id, ppid: member.profileId, perms: ['USERS__VIEW'] });
  });

  it('drops the project from the token when the project is disabled, and connects once it is enabled', async () => {
    const member = await w.memberOf('B', ['BOARDS__VIEW']);
    const before = await claimsOf(member);
    await w.db.update(projects).set({ status: 2 }).where(eq(projects.id, w.project.B.id));
    const disconnected = await verifyAccessToken((await freshAccessToken(w.db, before)).accessToken);
    expect(disconnected?.pid).toBeUndefined();
    await w.db.update(projects).set({ status: 1 }).where(eq(projects.id, w.project.B.id));
    const again = await verifyAccessToken((await freshAccessToken(w.db, disconnected!)).accessToken);
    expect(again?.pid).toBe(w.project.B.id);
  });

  it('says so for an ended session', async () => {
    const member = await w.memberOf('A', []);
    const claims = await claimsOf(member);
    await w.db.update(profiles).set({ isRoot: true }).where(eq(profiles.id, member.profileId!));
    await revokeSession(w.db, claims.sid);
    expect(await freshAccessToken(w.db, claims)).toEqual({ accessToken: null, ended: true });
  });

  it('says so for a disabled user, whose token is still unexpired', async () => {
    const member = await w.memberOf('A', []);
    const claims = await claimsOf(member);
    await w.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, member.userId));
    expect(await freshAccessToken(w.db, claims)).toEqual({ accessToken: null, ended: true });
  });
});
