import { NextResponse } from 'next/server';
import { checkDb } from '@/lib/db/health';
import { route, type RouteContext } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = route<RouteContext>(
  async () => {
    const database = await checkDb();
    return NextResponse.json(
      { status: database.ok ? 'ok' : 'degraded', buildId: process.env.NEXT_PUBLIC_BUILD_ID, database },
      { status: database.ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
    );
  },
  { auth: 'none' },
);
