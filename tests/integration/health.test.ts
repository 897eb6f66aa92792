import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '@/app/api/health/route';
import { checkDb } from '@/lib/db/health';
import { testDb } from './helpers/db';

let db: Awaited<ReturnType<typeof testDb>>;
beforeAll(async () => {
  db = await testDb();
});
afterAll(async () => db.cleanup());

describe('GET /api/health', () => {
  it('reports the build id, the database kind and that it answers', async () => {
    process.env.NEXT_PUBLIC_BUILD_ID = 'test-build';
    const res = await GET(new NextRequest('http://localhost/api/health'));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ok', buildId: 'test-build', database: { kind: db.kind, ok: true } });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('says the database is down when it does not answer', async () => {
    await db.close();
    const res = await GET(new NextRequest('http://localhost/api/health'));
    expect(res.status).toBe(503);
    expect((await res.json()).database.ok).toBe(false);
    expect((await checkDb()).ok).toBe(false);
  });
});
