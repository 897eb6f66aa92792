import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextIp } from './helpers/accounts';
import { FakeGraph } from './helpers/fake-graph';
import { callsFor, sweepOf, targetOf, type FuzzCall } from './fuzz/calls';
import { publicCall } from './fuzz/public';
import { changedTables, snapshotter, type Snapshot } from './fuzz/snapshot';
import { endpointKey, loadCases, loadEndpoints, send, type Endpoint } from './matrix/endpoints';
import { setupWorld, type Member } from './matrix/world';

// Every method of every API route, called by a caller it lets in (the owner of a project with
// every extension on; the root for root routes) with generated bad input: NUL and control
// characters, lone surrogates, 1 MB strings, wrong types, huge numbers, deep nesting,
// unknown fields, empty, broken and multipart bodies, bad path segments and queries.
// The oracle: no 5xx, ever; and no row changed by a call that was refused or that carried
// text the database cannot store. Before the random calls, a sweep poisons each text field,
// path segment and query value of the route's valid call alone. A fixed seed keeps runs repeatable; FUZZ_SEED and
// FUZZ_RUNS override it and the number of calls per route (the seed is printed on failure).
const SEED = Number(process.env.FUZZ_SEED ?? 28_2026);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

const endpoints = await loadEndpoints();
const caseFor = new Map((await loadCases()).map((c) => [endpointKey(c), c]));
const w = setupWorld();
const graph = new FakeGraph();
let snapshot: () => Promise<Snapshot>;

beforeAll(async () => {
  // WhatsApp calls reach a stand-in on loopback; anything else leaving the machine is a test bug.
  await graph.start();
  vi.stubEnv('WHATSAPP_GRAPH_URL', graph.url);
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) throw new Error(`the fuzz tried to reach ${url.host}`);
    return realFetch(input, init);
  });
  snapshot = await snapshotter(w.db);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  await graph.stop();
});

/** A different but repeatable seed per route, from the run's seed and the route's name. */
const seedFor = (key: string) => [...key].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, SEED);

async function callerFor(e: Endpoint): Promise<Member> {
  return e.handler.access?.root ? w.signedIn({ root: true }) : w.memberOf('A', 'root');
}

/** One call and its verdict: a thrown error names the call, the status and the tables it changed. */
async function check(e: Endpoint, caller: Member, call: FuzzCall, state: { before: Snapshot }): Promise<void> {
  // A fresh address per call: per-address limits would otherwise answer 429 before the input is read.
  const res = await send(e, caller.client, call.spec, nextIp());
  const after = await snapshot();
  const changed = changedTables(state.before, after);
  state.before = after;
  const body = typeof res.body === 'string' ? res.body.slice(0, 200) : JSON.stringify(res.body);
  if (res.status >= 500) throw new Error(`${call.label} answered ${res.status}: ${body}`);
  if (changed.length > 0 && (call.mustRefuse || res.status >= 400))
    throw new Error(`${call.label} answered ${res.status} and changed ${changed.join(', ')}: ${body}`);
}

describe('input fuzz over the route table', () => {
  it('finds the API routes', () => {
    expect(endpoints.length).toBeGreaterThan(150);
  });

  it.each(endpoints.map((e) => [endpointKey(e), e] as const))('%s', async (key, e) => {
    const caller = await callerFor(e);
    const matrixCase = caseFor.get(key);
    const spec = matrixCase ? await matrixCase.request(w, 'A', caller) : publicCall(w, e.method, e.file);
    const target = await targetOf(e.method, spec);
    const state = { before: await snapshot() };
    const seed = seedFor(key);
    const sweep = sweepOf(target).map((call) => [call] as [FuzzCall]);
    await fc.assert(
      fc.asyncProperty(callsFor(target), (call) => check(e, caller, call, state)),
      {
        seed,
        // The sweep first (each text field, segment and query value poisoned alone), then the random calls.
        // (fast-check counts examples among its runs.)
        examples: sweep,
        numRuns: sweep.length + RUNS,
        endOnFailure: true,
        reporter(run) {
          if (run.failed) throw new Error(`FUZZ_SEED=${SEED} (route seed ${seed}), run ${run.numRuns}: ${(run.errorInstance as Error)?.message}`);
        },
      },
    );
  });
});
