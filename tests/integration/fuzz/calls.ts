import fc from 'fast-check';
import type { CallSpec } from '../matrix/world';
import { anyBad, badText, badValue, brokenBody, leafPaths, poison, setAt, toJson, urlPoison } from './inputs';

/** How a route takes its input, as its valid call shows it, and that call as the template. */
export type Target = { spec: CallSpec; method: string; body: 'json' | 'multipart' | 'none'; template: Record<string, unknown> };
/** One generated request; `mustRefuse` when a correct server can only refuse it (it carries poison where it is read). */
export type FuzzCall = { label: string; spec: CallSpec; mustRefuse: boolean };

/** The valid call's shape: its JSON body, or the `json` part of its multipart body. */
export async function targetOf(method: string, spec: CallSpec): Promise<Target> {
  const base = { spec, method };
  if (method === 'GET') return { ...base, body: 'none', template: {} };
  if (spec.json !== undefined) return { ...base, body: 'json', template: asObject(spec.json) };
  if (spec.body) {
    const form = await new Response(spec.body, { headers: spec.headers }).formData().catch(() => null);
    const json = form?.get('json');
    return { ...base, body: 'multipart', template: typeof json === 'string' ? asObject(JSON.parse(json)) : {} };
  }
  return { ...base, body: 'none', template: {} };
}

const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const preview = (text: string) => JSON.stringify(text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text);
// Field names to try when the valid call has none of its own.
const COMMON = [['name'], ['key'], ['id'], ['body'], ['q']];

function withBody(t: Target, text: string, as: 'json' | 'multipart'): CallSpec {
  const headers = Object.fromEntries(Object.entries(t.spec.headers ?? {}).filter(([k]) => k.toLowerCase() !== 'content-type'));
  const { json: _json, ...rest } = t.spec;
  if (as === 'json') return { ...rest, headers: { ...headers, 'content-type': 'application/json' }, body: text };
  // Multipart without files: the `json` part only, as a browser's FormData encodes it.
  const form = new FormData();
  form.set('json', text);
  return { ...rest, headers, body: form };
}

/** Bodies for a route that reads one: poisoned fields and keys, bad values, broken and empty bodies. */
function bodyCalls(t: Target): fc.Arbitrary<FuzzCall>[] {
  const fields = leafPaths(t.template);
  // A valid call with no fields (`{}`) may be a route that never reads its body: poison there
  // is only a value it must not break on.
  const reads = fields.length > 0;
  const field = fc.constantFrom(...(fields.length > 0 ? fields : COMMON));
  const as = t.body === 'multipart' ? 'multipart' : 'json';
  const other = as === 'json' ? 'multipart' : 'json';
  const replaced = (values: fc.Arbitrary<unknown>) =>
    fc
      .tuple(fc.array(fc.tuple(field, values), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), values, { maxKeys: 2 }))
      .map(([changes, extra]) => changes.reduce((body, [at, v]) => setAt(body, at, v), { ...t.template, ...extra } as unknown));
  const call = (label: string, text: string, mustRefuse: boolean, sendAs: 'json' | 'multipart' = as): FuzzCall => ({
    label: `${label} as ${sendAs}: ${preview(text)}`,
    spec: withBody(t, text, sendAs),
    mustRefuse,
  });
  return [
    fc.tuple(replaced(anyBad), field, poison).map(([body, at, p]) => call('poison in a field', toJson(setAt(body, at, p)), reads)),
    fc.tuple(replaced(anyBad), poison, anyBad).map(([body, k, v]) => call('poison in a key', toJson({ ...(body as object), [k]: v }), reads)),
    fc.tuple(replaced(anyBad), field, poison).map(([body, at, p]) => call('poison, other encoding', toJson(setAt(body, at, p)), reads, other)),
    replaced(badValue).map((body) => call('bad values', toJson(body), false)),
    brokenBody.map((text) => call('broken body', text, reads)),
    fc.constant(call('empty body', '', false)),
  ];
}

function withQuery(spec: CallSpec, name: string, value: string): CallSpec {
  const url = new URL(spec.path, 'http://localhost');
  url.searchParams.set(name, value);
  return { ...spec, path: url.pathname + url.search };
}

/** Bad path segments and query values, for every route. */
function urlCalls(t: Target): fc.Arbitrary<FuzzCall>[] {
  const { spec } = t;
  const names = [...new URL(spec.path, 'http://localhost').searchParams.keys()];
  const queryName = names.length > 0 ? fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 })) : fc.string({ maxLength: 8 });
  const calls = [
    fc.tuple(queryName, urlPoison).map(([n, v]) => ({ label: `poison in query ${preview(n)}: ${preview(v)}`, spec: withQuery(spec, n, v), mustRefuse: true })),
    fc.tuple(queryName, badText).map(([n, v]) => ({ label: `bad query ${preview(n)}: ${preview(v)}`, spec: withQuery(spec, n, v), mustRefuse: false })),
  ];
  const params = Object.keys(spec.params ?? {});
  if (params.length > 0) {
    // Another value in a path segment names no object of the caller's: it can only be refused.
    const segment = fc.tuple(fc.constantFrom(...params), badText).map(([name, v]) => {
      const value = Array.isArray(spec.params![name]) ? [v] : v;
      return { label: `bad segment ${name}: ${preview(v)}`, spec: { ...spec, params: { ...spec.params, [name]: value } }, mustRefuse: true };
    });
    calls.push(segment, segment);
  }
  return calls;
}

/**
 * The calls every run makes first, whatever the seed: the valid call with one text field, path
 * segment or query value at a time ending in NUL, then in a lone surrogate. The rest of the
 * call stays valid, so the poison reaches as far into the route as a real value would.
 */
export function sweepOf(t: Target): FuzzCall[] {
  const calls: FuzzCall[] = [];
  const as = t.body === 'multipart' ? 'multipart' : 'json';
  const texts = t.body === 'none' ? [] : leafPaths(t.template).filter((at) => typeof valueAt(t.template, at) === 'string');
  for (const tail of ['\u0000', '\ud800']) {
    for (const at of texts) {
      const text = toJson(setAt(t.template, at, `${valueAt(t.template, at) as string}${tail}`));
      calls.push({ label: `sweep: ${at.join('.')} ends in ${JSON.stringify(tail)} as ${as}: ${preview(text)}`, spec: withBody(t, text, as), mustRefuse: true });
    }
    for (const [name, value] of Object.entries(t.spec.params ?? {})) {
      const poisoned = Array.isArray(value) ? value.map((v) => v + tail) : value + tail;
      calls.push({
        label: `sweep: segment ${name} ends in ${JSON.stringify(tail)}`,
        spec: { ...t.spec, params: { ...t.spec.params, [name]: poisoned } },
        mustRefuse: true,
      });
    }
  }
  // A URL carries no lone surrogate (it arrives as U+FFFD): NUL only.
  for (const [name, value] of new URL(t.spec.path, 'http://localhost').searchParams)
    calls.push({ label: `sweep: query ${name} ends in NUL`, spec: withQuery(t.spec, name, `${value}\u0000`), mustRefuse: true });
  return calls;
}

const valueAt = (value: unknown, path: (string | number)[]): unknown => path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], value);

/** Every kind of bad call for the target, weighted toward the ones that reach its body. */
export function callsFor(t: Target): fc.Arbitrary<FuzzCall> {
  const url = urlCalls(t);
  if (t.body !== 'none') return fc.oneof(...bodyCalls(t), ...url);
  if (t.method === 'GET') return fc.oneof(...url);
  // A route with no body of its own may ignore one: what it is sent must only not break it.
  const ignored = fc.tuple(fc.constantFrom<'json' | 'multipart'>('json', 'multipart'), anyBad).map(([as, v]) => ({
    label: `a body it does not read, as ${as}`,
    spec: withBody(t, toJson({ name: v }), as),
    mustRefuse: false,
  }));
  return fc.oneof(...url, ignored);
}
