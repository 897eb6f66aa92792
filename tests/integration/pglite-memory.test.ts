import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDb } from '@/lib/db/client';

// The embedded database runs inside the server's process: its buffers are the server's memory.
it('the embedded database keeps 32 MB of shared buffers, not PostgreSQL’s 128 MB', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atrio-pglite-'));
  const handle = openDb({ dataDir });
  try {
    const result = (await handle.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] };
    expect(result.rows[0].shared_buffers).toBe('32MB');
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
