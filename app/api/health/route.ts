import { NextResponse } from 'next/server';
import { checkDb } from '@/lib/db/health';
import { env } from '@/lib/env';
import { route, type RouteContext } from '@/lib/http/route';
import { diskHasRoom } from '@/lib/ops/disk';

export const dynamic = 'force-dynamic';

/** 200 when the database answers and takes writes and the data directory's disk has room; else 503. No paths or errors in the body. */
export const GET = route<RouteContext>(
  async () => {
    const database = await checkDb();
    const disk = { ok: diskHasRoom(env().dataDir) };
    const ok = database.ok && disk.ok;
    return NextResponse.json(
      { status: ok ? 'ok' : 'degraded', buildId: process.env.NEXT_PUBLIC_BUILD_ID, database, disk },
      { status: ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
    );
  },
  { auth: 'none' },
);
