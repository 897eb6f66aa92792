import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDb } from '../../../lib/db/client';
import { migrate } from '../../../lib/db/migrate';
import { seed } from '../../../lib/db/seed';
import { env } from '../../../lib/env';
import { users } from '../../../lib/users/tables';
import { members } from '../../integration/helpers/members';

// Seeds the e2e data directory before the server starts and records who is who.
const config = env();
const handle = openDb({ dataDir: config.dataDir });
await migrate(handle.db, handle.kind);
await seed(handle.db, { dataDir: config.dataDir, rootEmail: 'root@localhost', demoData: true });
const people = await members(handle.db);
const [root] = await handle.db.select({ id: users.id }).from(users).where(eq(users.isRoot, true));
writeFileSync(path.join(config.dataDir, 'e2e-fixture.json'), JSON.stringify({ rootId: root.id, people }, null, 2));
await handle.close();
