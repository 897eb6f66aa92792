import { publish } from '../realtime/pubsub';
import { INTERVIEW_EVENTS, type InterviewResponseEvent } from './event-names';

// Published after the response committed: a client that hears it can fetch it at once.

/** To the project's staff who may see responses, by the same permission the API checks. */
export async function publishResponse(projectId: string, interviewId: string, responseId: string): Promise<void> {
  const d: InterviewResponseEvent = { projectId, interviewId, responseId };
  await publish({ audience: { projectId, perms: ['INTERVIEWS__VIEW'] }, e: INTERVIEW_EVENTS.response, d });
}
