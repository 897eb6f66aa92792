import { notFound } from 'next/navigation';
import { connectedViewer } from '../access/page';
import { getDb } from '../db/client';
import { HttpError } from '../http/errors';
import { getPostOrThrow } from './service';

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
