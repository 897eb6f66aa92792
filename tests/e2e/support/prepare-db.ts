import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDb } from '../../../lib/db/client';
import { migrate } from '../../../lib/db/migrate';
import { seed } from '../../../lib/db/seed';
import { env } from '../../../lib/env';
import { membershipProfiles, memberships, profiles, projects } from '../../../lib/projects/tables';
import { users } from '../../../lib/users/tables';

// Seeds the e2e data directory before the server starts and records who is who.
const config = env();
const handle = openDb({ dataDir: config.dataDir });
await migrate(handle.db, handle.kind);
await seed(handle.db, { dataDir: config.dataDir, rootEmail: 'root@localhost', demoData: true });
const people = await handle.db
  .select({ email: users.email, userId: users.id, projectId: projects.id, profileId: profiles.id, profile: profiles.name })
  .from(memberships)
  .innerJoin(users, eq(users.id, memberships.userId))
  .innerJoin(projects, eq(projects.id, memberships.projectId))
  .innerJoin(membershipProfiles, eq(membershipProfiles.membershipId, memberships.id))
  .innerJoin(profiles, eq(profiles.id, membershipProfiles.profileId));
const [root] = await handle.db.select({ id: users.id }).from(users).where(eq(users.isRoot, true));
writeFileSync(path.join(config.dataDir, 'e2e-fixture.json'), JSON.stringify({ rootId: root.id, people }, null, 2));
await handle.close();
