import type { Db } from '@/lib/db/client';
import type { Question } from '@/lib/interviews/questions';
import { interviewResponses, interviews, interviewVersions } from '@/lib/interviews/tables';

let n = 0;
export const uniqueSlug = (base = 'survey') => `${base}-${Date.now().toString(36)}-${(n += 1)}`;

export const sampleQuestions = (): Question[] => [
  { id: 'name', type: 'short', title: 'Your name', help: '', required: true, skip: [] },
  { id: 'color', type: 'single', title: 'Favourite colour', help: '', required: false, options: ['Red', 'Blue'], skip: [{ equals: 'Red', goto: 'end' }] },
  { id: 'score', type: 'nps', title: 'Recommend us?', help: '', required: false, skip: [] },
];

/** A published interview of the project (version 1 holds `questions`), inserted directly. */
export async function publishedInterview(
  db: Db,
  projectId: string,
  options: { questions?: Question[]; isPublic?: boolean; responses?: number; status?: 'draft' | 'published' | 'closed' } = {},
) {
  const questions = options.questions ?? sampleQuestions();
  const draft = options.status === 'draft';
  const [interview] = await db
    .insert(interviews)
    .values({
      projectId,
      slug: uniqueSlug(),
      title: 'Survey',
      status: options.status ?? 'published',
      questions,
      version: draft ? 0 : 1,
      isPublic: options.isPublic ?? false,
    })
    .returning();
  if (draft) return { interview, versionId: null as string | null, responseIds: [] as string[] };
  const [version] = await db.insert(interviewVersions).values({ interviewId: interview.id, number: 1, questions }).returning();
  const responseIds: string[] = [];
  for (let i = 0; i < (options.responses ?? 0); i += 1) {
    const [r] = await db
      .insert(interviewResponses)
      .values({
        projectId,
        interviewId: interview.id,
        versionId: version.id,
        status: 'complete',
        answers: { name: `Person ${i}`, color: 'Blue', score: i % 11 },
        submittedAt: new Date(),
      })
      .returning({ id: interviewResponses.id });
    responseIds.push(r.id);
  }
  return { interview, versionId: version.id as string | null, responseIds };
}
