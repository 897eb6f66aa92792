import { NextResponse } from 'next/server';
import { checkDb } from '@/lib/db/health';
import { env } from '@/lib/env';
import { route, type RouteContext } from '@/lib/http/route';
import { diskHasRoom } from '@/lib/ops/disk';
import { degradedReason } from '@/lib/ops/health';

export const dynamic = 'force-dynamic';

/** 200 when the database answers and takes writes and the data directory's disk has room; else 503 with the reason. No paths or errors in the body. */
export const GET = route<RouteContext>(
  async (_req, ctx) => {
    const database = await checkDb();
    const disk = { ok: diskHasRoom(env().dataDir) };
    // In the caller's language (English for a monitor that names none); no paths, no errors.
    const why = degradedReason(database, disk);
    const reason = why && ctx.t(why);
    const ok = database.ok && disk.ok;
    return NextResponse.json(
      { status: ok ? 'ok' : 'degraded', reason, buildId: process.env.NEXT_PUBLIC_BUILD_ID, database, disk },
      { status: ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
    );
  },
  { auth: 'none' },
);
