import type { MatrixCase } from '../world';

// The settings act on the caller's active project only (no ids to aim at another one), so
// none is scoped. The calls repeat project A's own values, leaving it as the world built it.
export const cases: MatrixCase[] = [
  { file: 'settings/route.ts', method: 'GET', request: async () => ({ path: '/api/settings' }) },
  {
    file: 'settings/general/route.ts',
    method: 'POST',
    request: async () => {
      const form = new FormData();
      form.set('json', JSON.stringify({ name: 'Matrix A', currency: 'USD', timeZone: 'UTC', language: 'en' }));
      return { path: '/api/settings/general', body: form };
    },
  },
  { file: 'settings/extensions/route.ts', method: 'POST', request: async () => ({ path: '/api/settings/extensions', json: { blog: true } }) },
];
