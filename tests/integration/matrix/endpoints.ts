import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { RouteAccess } from '@/lib/http/route';
import type { Client } from '../helpers/http';
import type { CallSpec, MatrixCase } from './world';

// Every API route, found from the route files themselves, and the matrix's valid call for
// each: shared by the authorization matrix and the input fuzz, so a new route joins both.
const root = path.resolve(import.meta.dirname, '../../..');
const apiDir = path.join(root, 'app/api');
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export type Handler = ((req: never, ctx?: never) => Promise<Response>) & { access?: RouteAccess };
export type Endpoint = { file: string; method: (typeof METHODS)[number]; handler: Handler };

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return routeFiles(full);
    return d.name === 'route.ts' ? [path.relative(apiDir, full).split(path.sep).join('/')] : [];
  });
}

/** Every method every route file under app/api exports, in file order. */
export async function loadEndpoints(): Promise<Endpoint[]> {
  const endpoints: Endpoint[] = [];
  for (const file of routeFiles(apiDir).sort()) {
    const mod = (await import(path.join(apiDir, file))) as Record<string, unknown>;
    for (const method of METHODS) if (typeof mod[method] === 'function') endpoints.push({ file, method, handler: mod[method] as Handler });
  }
  return endpoints;
}

/** The cases under matrix/cases, one valid call per guarded route. */
export async function loadCases(): Promise<MatrixCase[]> {
  const casesDir = path.join(import.meta.dirname, 'cases');
  const cases: MatrixCase[] = [];
  for (const f of readdirSync(casesDir)
    .filter((n) => n.endsWith('.ts'))
    .sort()) {
    cases.push(...((await import(path.join(casesDir, f))) as { cases: MatrixCase[] }).cases);
  }
  return cases;
}

export const endpointKey = (c: { file: string; method: string }) => `${c.method} ${c.file}`;

/** Calls the endpoint's handler in-process as `client`, with the spec's path, body and segments (from `ip`, else the client's). */
export async function send(endpoint: Endpoint, client: Client, spec: CallSpec, ip?: string) {
  return client.call(endpoint.handler as never, spec.path, {
    ip,
    method: spec.method ?? endpoint.method,
    json: spec.json,
    body: spec.body,
    headers: spec.headers,
    params: spec.params,
  });
}
