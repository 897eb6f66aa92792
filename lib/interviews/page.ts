import { notFound } from 'next/navigation';
import { connectedViewer } from '../access/page';
import { getDb } from '../db/client';
import { HttpError } from '../http/errors';
import { getInterviewOrThrow } from './service';

/** Another project's interview (or no such id) is a 404, as in the API. */
export async function interviewForPage(id: string, name: 'interviewQuestions' | 'interviewResponses') {
  const viewer = await connectedViewer(name);
  try {
    return { viewer, interview: await getInterviewOrThrow({ db: getDb(), project: viewer.project }, id) };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) notFound();
    throw error;
  }
}
