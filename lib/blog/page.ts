import { eq } from 'drizzle-orm';
import { notFound } from 'next/navigation';
import { connectedViewer } from '../access/page';
import { getDb } from '../db/client';
import { HttpError } from '../http/errors';
import { projects } from '../projects/tables';
import { getPostOrThrow } from './service';

/** The project's time zone: dates are scheduled and shown on its clock. */
export async function projectTimeZone(projectId: string): Promise<string> {
  const [row] = await getDb().select({ timeZone: projects.timeZone }).from(projects).where(eq(projects.id, projectId));
  return row?.timeZone ?? 'UTC';
}

/** Another project's post (or no such id) is a 404, as in the API. */
export async function postForPage(id: string) {
  const viewer = await connectedViewer('blogPost');
  try {
    return { viewer, post: await getPostOrThrow({ db: getDb(), project: viewer.project }, id) };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) notFound();
    throw error;
  }
}
