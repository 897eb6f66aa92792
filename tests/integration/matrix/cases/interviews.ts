import { publishedInterview, sampleQuestions, uniqueSlug } from '../../helpers/interviews';
import type { MatrixCase, ProjectName, World } from '../world';

/** A published interview with one response in the named project. */
const made = (w: World, p: ProjectName) => publishedInterview(w.db, w.project[p].id, { responses: 1 });
const at = (id: string, tail = '') => ({ path: `/api/interviews/${id}${tail}`, params: { id } });
const oneResponse = async (w: World, p: ProjectName) => {
  const { interview, responseIds } = await made(w, p);
  const responseId = responseIds[0];
  return { path: `/api/interviews/${interview.id}/responses/${responseId}`, params: { id: interview.id, responseId } };
};

export const cases: MatrixCase[] = [
  { file: 'interviews/route.ts', method: 'GET', request: async () => ({ path: '/api/interviews' }) },
  {
    file: 'interviews/route.ts',
    method: 'POST',
    ok: 201,
    request: async () => ({ path: '/api/interviews', json: { title: 'Matrix survey', slug: uniqueSlug() } }),
  },
  { file: 'interviews/[id]/route.ts', method: 'GET', scoped: true, request: async (w, p) => at((await made(w, p)).interview.id) },
  {
    file: 'interviews/[id]/route.ts',
    method: 'PATCH',
    scoped: true,
    request: async (w, p) => ({ ...at((await made(w, p)).interview.id), json: { title: 'Renamed' } }),
  },
  { file: 'interviews/[id]/route.ts', method: 'DELETE', scoped: true, request: async (w, p) => at((await made(w, p)).interview.id) },
  {
    file: 'interviews/[id]/questions/route.ts',
    method: 'PUT',
    scoped: true,
    request: async (w, p) => ({ ...at((await made(w, p)).interview.id, '/questions'), json: { questions: sampleQuestions() } }),
  },
  {
    file: 'interviews/[id]/status/route.ts',
    method: 'POST',
    scoped: true,
    request: async (w, p) => ({ ...at((await made(w, p)).interview.id, '/status'), json: { status: 'closed' } }),
  },
  { file: 'interviews/[id]/versions/route.ts', method: 'GET', scoped: true, request: async (w, p) => at((await made(w, p)).interview.id, '/versions') },
  { file: 'interviews/[id]/responses/route.ts', method: 'GET', scoped: true, request: async (w, p) => at((await made(w, p)).interview.id, '/responses') },
  { file: 'interviews/[id]/funnel/route.ts', method: 'GET', scoped: true, request: async (w, p) => at((await made(w, p)).interview.id, '/funnel') },
  { file: 'interviews/[id]/summary/route.ts', method: 'GET', scoped: true, request: async (w, p) => at((await made(w, p)).interview.id, '/summary') },
  {
    file: 'interviews/[id]/export/route.ts',
    method: 'GET',
    scoped: true,
    skipSuccess: 'a CSV body the matrix client cannot read as JSON; covered by interviews.test.ts',
    request: async (w, p) => at((await made(w, p)).interview.id, '/export'),
  },
  { file: 'interviews/[id]/responses/[responseId]/route.ts', method: 'GET', scoped: true, request: oneResponse },
  { file: 'interviews/[id]/responses/[responseId]/route.ts', method: 'DELETE', scoped: true, request: oneResponse },
  {
    file: 'interviews/[id]/responses/[responseId]/files/[questionId]/route.ts',
    method: 'GET',
    scoped: true,
    // The sample has no file question: the allowed caller reaches the lookup and gets the answer's 404.
    skipSuccess: 'needs an uploaded file; covered by interviews-public.test.ts',
    request: async (w, p) => {
      const spec = await oneResponse(w, p);
      return { path: `${spec.path}/files/name`, params: { ...spec.params, questionId: 'name' } };
    },
  },
];
