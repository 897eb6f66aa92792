import { projectFiles, projects } from '@/lib/projects/tables';
import { storage } from '@/lib/storage';
import type { MatrixCase } from '../world';

const detail = (id: string) => ({ path: `/api/root/projects/${id}`, params: { id } });

/** A small file attached to project `projectId`, stored as the request form stores one. */
async function attachedFile(w: Parameters<MatrixCase['request']>[0], projectId: string): Promise<string> {
  const key = `projects/${projectId}/files/${crypto.randomUUID()}`;
  // The matrix's client reads every answer as JSON, so the file's text is JSON too.
  const bytes = new TextEncoder().encode('{"matrix":true}\n');
  await storage().put(key, bytes, 'text/plain');
  const [row] = await w.db
    .insert(projectFiles)
    .values({ projectId, key, name: 'matrix.txt', contentType: 'text/plain', size: bytes.byteLength })
    .returning({ id: projectFiles.id });
  return row.id;
}

// Root sees every project, so "another project's object" only exists for the file route:
// there the path names project A and the file belongs to the project the matrix asks for.
export const cases: MatrixCase[] = [
  { file: 'root/projects/route.ts', method: 'GET', request: async () => ({ path: '/api/root/projects?q=matrix&sort=name&dir=asc&page=1&size=10' }) },
  { file: 'root/projects/[id]/route.ts', method: 'GET', request: async (w) => detail(w.project.A.id) },
  {
    file: 'root/projects/[id]/files/[fileId]/route.ts',
    method: 'GET',
    scoped: true,
    request: async (w, p) => {
      const id = w.project.A.id;
      const fileId = await attachedFile(w, w.project[p].id);
      return { path: `/api/root/projects/${id}/files/${fileId}`, params: { id, fileId } };
    },
  },
  {
    file: 'root/projects/[id]/extensions/route.ts',
    method: 'POST',
    // A project of its own: switching A's extensions would upset the extension-gated cases.
    request: async (w) => {
      const [row] = await w.db
        .insert(projects)
        .values({ key: `matrix-ext-${crypto.randomUUID().slice(0, 8)}`, name: 'Matrix extensions', status: 1 })
        .returning({ id: projects.id });
      return { ...detail(row.id), path: `/api/root/projects/${row.id}/extensions`, json: { extension: 'varket', enabled: true } };
    },
  },
];
