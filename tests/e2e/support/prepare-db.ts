import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDb } from '../../../lib/db/client';
import { migrate } from '../../../lib/db/migrate';
import { createSession } from '../../../lib/auth/sessions';
import { seed } from '../../../lib/db/seed';
import { env } from '../../../lib/env';
import { membershipProfiles, memberships, profiles } from '../../../lib/projects/tables';
import { users } from '../../../lib/users/tables';
import { members } from '../../integration/helpers/members';

// Seeds the e2e data directory before the server starts and records who is who.
const config = env();
const handle = openDb({ dataDir: config.dataDir });
await migrate(handle.db, handle.kind);
await seed(handle.db, { dataDir: config.dataDir, rootEmail: 'root@localhost', demoData: true });
// Two more demo members whose profiles open nothing yet: a guest (whose profile the owner
// changes) and a visitor (who requests a project of their own).
const owner = (await members(handle.db)).find((m) => m.profile === 'Owner')!;
for (const [profile, email, name] of [
  ['Guest', 'guest@demo.test', 'Gael Guest'],
  ['Visitor', 'visitor@demo.test', 'Vera Visitor'],
]) {
  const [row] = await handle.db.insert(profiles).values({ projectId: owner.projectId, name: profile, permissions: [] }).returning();
  const [user] = await handle.db.insert(users).values({ email, name, status: 1 }).returning();
  const [membership] = await handle.db.insert(memberships).values({ projectId: owner.projectId, userId: user.id }).returning();
  await handle.db.insert(membershipProfiles).values({ membershipId: membership.id, profileId: row.id });
}
// Each person gets a real session, so pages and the API accept their tokens like a login's.
const meta = { userAgent: 'e2e', ip: '127.0.0.1' };
const people = await Promise.all((await members(handle.db)).map(async (p) => ({ ...p, ...(await createSession(handle.db, p.userId, meta)) })));
const [root] = await handle.db.select({ id: users.id }).from(users).where(eq(users.isRoot, true));
const rootSession = await createSession(handle.db, root.id, meta);
// A session of its own for the test that lets the access token expire and the server renew it.
const manager = people.find((p) => p.profile === 'Manager')!;
const refreshSession = await createSession(handle.db, manager.userId, meta);
// And one for the test that signs it out from another device while its dashboard is kept.
const visitor = people.find((p) => p.profile === 'Visitor')!;
const keptSession = await createSession(handle.db, visitor.userId, meta);
writeFileSync(path.join(config.dataDir, 'e2e-fixture.json'), JSON.stringify({ rootId: root.id, rootSession, refreshSession, keptSession, people }, null, 2));
await handle.close();
