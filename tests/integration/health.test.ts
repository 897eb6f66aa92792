import { NextRequest } from 'next/server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET } from '@/app/api/health/route';
import { openDb, setDbHandle } from '@/lib/db/client';
import { checkDb, WRITE_PROBE_EVERY_MS } from '@/lib/db/health';
import { rateLimits } from '@/lib/http/tables';
import { testDb } from './helpers/db';

// The disk check reads the real file system; a test says how full it is, either as the
// check's answer or as the file system's own (statfs), and may make the heartbeat's write
// fail as a full disk fails it (ENOSPC). The disk is outside the product: only its answers are faked.
const disk = vi.hoisted(() => ({ full: false, statfs: null as null | (() => { bavail: number; bsize: number }), writeError: null as null | Error }));
vi.mock('@/lib/ops/disk', async (original) => {
  const real = await original<typeof import('@/lib/ops/disk')>();
  return { ...real, diskHasRoom: (dir: string) => !disk.full && real.diskHasRoom(dir) };
});
vi.mock('node:fs', async (original) => {
  const real = await original<typeof import('node:fs')>();
  const statfsSync = ((...args: Parameters<typeof real.statfsSync>) => (disk.statfs ? disk.statfs() : real.statfsSync(...args))) as typeof real.statfsSync;
  return { ...real, default: { ...real, statfsSync }, statfsSync };
});
vi.mock('@/lib/db/heartbeat', async (original) => {
  const real = await original<typeof import('@/lib/db/heartbeat')>();
  return {
    ...real,
    writeHeartbeat: async (...args: Parameters<typeof real.writeHeartbeat>) =>
      disk.writeError ? Promise.reject(disk.writeError) : real.writeHeartbeat(...args),
  };
});
const ENOSPC = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

let db: Awaited<ReturnType<typeof testDb>>;
beforeAll(async () => {
  db = await testDb();
  // The write probe's throttle reads performance.now(); a clock of the test's own from the
  // first check on, so "5 s later" never depends on how long the database took to start.
  vi.useFakeTimers({ toFake: ['performance'] });
});
afterAll(async () => {
  vi.useRealTimers();
  await db.cleanup();
});
afterEach(() => {
  Object.assign(disk, { full: false, statfs: null, writeError: null });
});

const health = async () => {
  const res = await GET(new NextRequest('http://localhost/api/health'));
  return { status: res.status, body: await res.json(), headers: res.headers };
};
/** Moves the clock past the write probe's throttle, so the next check writes again. */
function later() {
  vi.advanceTimersByTime(WRITE_PROBE_EVERY_MS + 1_000);
}
const beats = async () => (await db.db.select({ points: rateLimits.points }).from(rateLimits).where(eq(rateLimits.key, 'db:heartbeat')))[0]?.points ?? 0;

/** The database takes reads but refuses writes, as on a standby or a read-only switch. */
async function readOnly<T>(work: () => Promise<T>): Promise<T> {
  if (!db.databaseUrl) {
    await db.db.execute(sql`set default_transaction_read_only = on`);
    try {
      return await work();
    } finally {
      await db.db.execute(sql`set default_transaction_read_only = off`);
    }
  }
  const url = new URL(db.databaseUrl);
  url.searchParams.set('options', '-c default_transaction_read_only=on');
  const ro = openDb({ databaseUrl: url.toString(), dataDir: db.dataDir });
  setDbHandle(ro);
  try {
    return await work();
  } finally {
    setDbHandle(db);
    await ro.close();
  }
}

describe('GET /api/health', () => {
  it('reports the build id, the database kind, that it answers and takes writes, and that the disk has room', async () => {
    process.env.NEXT_PUBLIC_BUILD_ID = 'test-build';
    const { status, body, headers } = await health();
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({ status: 'ok', buildId: 'test-build', database: { kind: db.kind, ok: true, read: true, write: true }, disk: { ok: true } });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    // Nothing about where the data lives.
    expect(JSON.stringify(body)).not.toContain(db.dataDir);
  });

  it('writes at most once per interval, however often it is asked', async () => {
    later();
    const first = await beats();
    await Promise.all([health(), health(), health()]);
    await health();
    expect(await beats()).toBe(first + 1);
    later();
    await health();
    expect(await beats()).toBe(first + 2);
  });

  it('is unhealthy when the database answers a read but refuses a write (what `select 1` alone missed)', async () => {
    later();
    await readOnly(async () => {
      const { status, body } = await health();
      expect(status).toBe(503);
      expect(body).toMatchObject({ status: 'degraded', database: { ok: false, read: true, write: false }, disk: { ok: true } });
    });
    later();
    expect((await health()).status).toBe(200);
  });

  it('is unhealthy when the data directory’s disk is (nearly) full, though the database still writes', async () => {
    disk.full = true;
    const { status, body } = await health();
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: 'degraded', database: { ok: true }, disk: { ok: false } });
  });

  it('on a disk the file system reports full (1 MB free) is 503 with the reason, and answers again once there is room', async () => {
    disk.statfs = () => ({ bavail: 256, bsize: 4096 });
    const { status, body } = await health();
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: 'degraded', reason: expect.stringMatching(/disk .* is full/), disk: { ok: false } });
    disk.statfs = () => ({ bavail: 1024 * 1024, bsize: 4096 });
    const again = await health();
    expect([again.status, again.body.status, again.body.reason]).toEqual([200, 'ok', undefined]);
  });

  it('when the disk refuses writes with ENOSPC, is 503 saying writes fail, never a crash; recovers once it takes them', async () => {
    later();
    disk.writeError = ENOSPC();
    const { status, body } = await health();
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: 'degraded', reason: expect.stringMatching(/does not take writes/), database: { read: true, write: false } });
    expect(JSON.stringify(body)).not.toMatch(/ENOSPC|no space/);
    // Both at once: the full disk is named, it is why writes fail.
    disk.statfs = () => ({ bavail: 0, bsize: 4096 });
    later();
    expect((await health()).body.reason).toMatch(/disk .* is full/);
    Object.assign(disk, { statfs: null, writeError: null });
    later();
    expect((await health()).status).toBe(200);
  });

  it('answers when the file system cannot even say how full it is (statfs fails): unknown counts as room', async () => {
    disk.statfs = () => {
      throw Object.assign(new Error('EIO: i/o error, statfs'), { code: 'EIO' });
    };
    expect((await health()).status).toBe(200);
  });

  it('says the database is down when it does not answer', async () => {
    await db.close();
    const { status, body } = await health();
    expect(status).toBe(503);
    expect(body.database).toMatchObject({ ok: false, read: false, write: false });
    expect((await checkDb()).ok).toBe(false);
  });
});
