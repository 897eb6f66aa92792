// The socket events of this module, shared by the publisher and the browser.

export const INTERVIEW_EVENTS = { response: 'interviews:response' } as const;
export type InterviewResponseEvent = { projectId: string; interviewId: string; responseId: string };
