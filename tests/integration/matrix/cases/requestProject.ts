import type { MatrixCase } from '../world';

let counter = 0;
// Every call asks for a key of its own: a success creates the project, so a key is used once.
const freshKey = () => `matrix-request-${Date.now().toString(36)}-${(counter += 1)}`;

/** Requesting a project: signed-in only, no project needed (the requester usually has none yet). */
export const cases: MatrixCase[] = [
  {
    file: 'requestProject/route.ts',
    method: 'POST',
    ok: 201,
    request: async () => {
      const form = new FormData();
      form.set('json', JSON.stringify({ name: 'Matrix Request', key: freshKey(), description: 'From the matrix.' }));
      form.set('file_0', new Blob(['name,value\nmatrix,1\n'], { type: 'text/csv' }), 'matrix.csv');
      return { path: '/api/requestProject', body: form };
    },
  },
  {
    file: 'requestProject/key/route.ts',
    method: 'GET',
    request: async () => ({ path: `/api/requestProject/key?key=${freshKey()}` }),
  },
];
