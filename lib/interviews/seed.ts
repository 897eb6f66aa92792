import type { Tx } from '../db/client';
import type { Answers } from './answers';
import type { Question } from './questions';
import { interviewResponses, interviews, interviewVersions } from './tables';

const QUESTIONS: Question[] = [
  { id: 'name', type: 'short', title: 'What is your name?', help: '', required: false, skip: [] },
  {
    id: 'found',
    type: 'single',
    title: 'How did you hear about us?',
    help: '',
    required: true,
    options: ['A friend', 'Search engine', 'Social media', 'Other'],
    skip: [],
  },
  { id: 'rating', type: 'rating', title: 'How would you rate your last visit?', help: '', required: true, skip: [{ equals: '5', goto: 'nps' }] },
  { id: 'improve', type: 'long', title: 'What could we do better?', help: 'Anything goes: we read every answer.', required: false, skip: [] },
  { id: 'nps', type: 'nps', title: 'How likely are you to recommend Demo Studio to a friend?', help: '', required: true, skip: [] },
  { id: 'email', type: 'email', title: 'Your email, if you would like a reply', help: '', required: false, skip: [] },
];

const ANSWERS: Answers[] = [
  { name: 'Lucía', found: 'A friend', rating: 5, nps: 10, email: 'lucia@example.com' },
  { name: 'Tom', found: 'Search engine', rating: 3, improve: 'Faster replies, please.', nps: 7 },
  { found: 'Social media', rating: 4, improve: 'More evening slots.', nps: 9 },
  { name: 'Priya', found: 'Other', rating: 2, improve: 'The booking page was confusing.', nps: 4 },
];

// Drafts left part-way (no resume token: nobody can continue them), so the funnel shows where people stop.
const DRAFTS: Answers[] = [
  { name: 'Sam', found: 'A friend' },
  { found: 'Search engine', rating: 2 },
];

/** The demo project's public interview, published, with a few responses and two abandoned drafts. */
export async function seedDemoInterview(tx: Tx, projectId: string, createdBy: string | null): Promise<void> {
  const [interview] = await tx
    .insert(interviews)
    .values({
      projectId,
      slug: 'feedback',
      title: 'Tell us about your visit',
      welcome: 'Thank you for visiting Demo Studio. This takes about two minutes.',
      thanks: 'Thank you! Your answers help us improve.',
      status: 'published',
      isPublic: true,
      hiddenFields: ['source'],
      questions: QUESTIONS,
      version: 1,
      responses: ANSWERS.length,
      createdBy,
    })
    .returning({ id: interviews.id });
  const [version] = await tx
    .insert(interviewVersions)
    .values({ interviewId: interview.id, number: 1, questions: QUESTIONS })
    .returning({ id: interviewVersions.id });
  const now = Date.now();
  await tx.insert(interviewResponses).values(
    ANSWERS.map((answers, i) => ({
      projectId,
      interviewId: interview.id,
      versionId: version.id,
      status: 'complete' as const,
      answers,
      hidden: (i % 2 ? { source: 'newsletter' } : {}) as Record<string, string>,
      checked: true,
      userAgent: 'Mozilla/5.0 (demo data)',
      startedAt: new Date(now - (i + 1) * 86_400_000 - 120_000),
      submittedAt: new Date(now - (i + 1) * 86_400_000),
    })),
  );
  await tx.insert(interviewResponses).values(
    DRAFTS.map((answers, i) => ({
      projectId,
      interviewId: interview.id,
      versionId: version.id,
      status: 'partial' as const,
      answers,
      userAgent: 'Mozilla/5.0 (demo data)',
      startedAt: new Date(now - (i + 1) * 43_200_000),
      updatedAt: new Date(now - (i + 1) * 43_200_000 + 60_000),
    })),
  );
}
