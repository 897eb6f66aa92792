import { eq } from 'drizzle-orm';
import { encodeAuthCookie, AUTH_COOKIE } from '../lib/auth/cookie';
import { boards } from '../lib/boards/tables';
import { createSession } from '../lib/auth/sessions';
import { signAccessToken } from '../lib/auth/tokens';
import { openDb } from '../lib/db/client';
import { migrate } from '../lib/db/migrate';
import { seed } from '../lib/db/seed';
import { member } from '../tests/integration/helpers/members';
import { users } from '../lib/users/tables';

export type SignedIn = { owner: string; root: string; ownerId: string; projectId: string; boardId: string };

/**
 * Seeds a fresh data directory as the server would on its first start and opens a real
 * session for the demo owner and for root, so the bench can load signed-in pages the way
 * a browser does. DATA_DIR and AUTH_SECRET must already be the server's.
 */
export async function seedSignedIn(dataDir: string, databaseUrl?: string): Promise<SignedIn> {
  const handle = openDb({ dataDir, databaseUrl });
  try {
    await migrate(handle.db, handle.kind);
    await seed(handle.db, { dataDir, rootEmail: 'root@localhost', demoData: true });
    const meta = { userAgent: 'bench', ip: '127.0.0.1' };
    const owner = await member(handle.db, 'owner@demo.test');
    const ownerSession = await createSession(handle.db, owner.userId, meta);
    const [root] = await handle.db.select({ id: users.id }).from(users).where(eq(users.isRoot, true));
    const rootSession = await createSession(handle.db, root.id, meta);
    const cookie = async (claims: Parameters<typeof signAccessToken>[0], refreshToken: string) =>
      `${AUTH_COOKIE}=${encodeAuthCookie({ accessToken: await signAccessToken(claims), refreshToken })}`;
    const [board] = await handle.db.select({ id: boards.id }).from(boards).where(eq(boards.projectId, owner.projectId)).limit(1);
    return {
      ownerId: owner.userId,
      projectId: owner.projectId,
      boardId: board.id,
      owner: await cookie(
        { sub: owner.userId, sid: ownerSession.sessionId, pid: owner.projectId, ppid: owner.profileId, prr: true, root: false, perms: [] },
        ownerSession.tokens.refreshToken,
      ),
      root: await cookie({ sub: root.id, sid: rootSession.sessionId, root: true, prr: false, perms: [] }, rootSession.tokens.refreshToken),
    };
  } finally {
    await handle.close();
  }
}
