import { staffVisible } from '../lib/chats/access';
import { unreadCounts } from '../lib/chats/reads';
import { openDb } from '../lib/db/client';

// The baseline of `bench:signed-in`'s light GET: a plain Node process running the very
// queries /api/chats/unread runs for the demo owner, with as many in flight as the bench
// has connections, on the same database. Prints `ops <per second>`.
const [dataDir, userId, projectId, seconds, concurrency] = process.argv.slice(2);
const handle = openDb({ dataDir, databaseUrl: process.env.DATABASE_URL });
const visible = staffVisible({ userId, projectId, grant: { isRoot: true, permissions: [] } })!;
const until = Date.now() + Number(seconds) * 1000;
await unreadCounts(handle.db, userId, visible, projectId);
let ops = 0;
const started = Date.now();
await Promise.all(
  Array.from({ length: Number(concurrency) }, async () => {
    while (Date.now() < until) {
      await unreadCounts(handle.db, userId, visible, projectId);
      ops += 1;
    }
  }),
);
process.stdout.write(`ops ${(ops / ((Date.now() - started) / 1000)).toFixed(1)}\n`);
await handle.close();
