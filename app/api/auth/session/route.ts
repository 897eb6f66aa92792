import { NextResponse } from 'next/server';
import { requestViewer } from '@/lib/auth/current';
import { HttpError } from '@/lib/http/errors';
import { route } from '@/lib/http/route';

/** The current user, project and profile, as the database sees them now. */
export const POST = route(async (req) => {
  const viewer = await requestViewer(req);
  if (!viewer) throw new HttpError(401, 'Not signed in');
  return NextResponse.json({ user: viewer.user, project: viewer.project, projectProfile: viewer.profile }, { headers: { 'Cache-Control': 'no-store' } });
});
