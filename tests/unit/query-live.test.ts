import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { applyLive } from '@/lib/query/live';

// A socket event applied to a query that is still on its first load: the load's answer may
// predate the event, so applyLive must end with the event's change either way.

function gatedSource() {
  const rows = ['a'];
  let calls = 0;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    rows,
    calls: () => calls,
    release,
    async fetch(): Promise<string[]> {
      calls += 1;
      const answer = [...rows]; // read now, answered later
      if (calls === 1) await gate;
      return answer;
    },
  };
}

async function settled(client: QueryClient, key: string[]) {
  for (let i = 0; i < 50 && client.getQueryState(key)?.fetchStatus !== 'idle'; i++) await new Promise((r) => setTimeout(r, 5));
  return client.getQueryData<string[]>(key);
}

describe('applyLive', () => {
  it('asks again a first load that was answered before the change, so the change is kept', async () => {
    const client = new QueryClient();
    const source = gatedSource();
    const key = ['things'];
    const observer = new QueryObserver(client, { queryKey: key, queryFn: () => source.fetch() });
    const stop = observer.subscribe(() => {});
    await new Promise((r) => setTimeout(r, 0));
    expect(source.calls()).toBe(1);
    source.rows.push('b');
    applyLive<string[]>(client, key, (data) => data && [...data, 'b']);
    source.release();
    await vi.waitFor(() => expect(client.getQueryData(key)).toEqual(['a', 'b']));
    expect(source.calls()).toBe(2);
    stop();
  });

  it('applies the change in place to a loaded query, without asking again', async () => {
    const client = new QueryClient();
    let calls = 0;
    const key = ['things'];
    const observer = new QueryObserver(client, { queryKey: key, queryFn: async () => (calls += 1) && ['a'], staleTime: Infinity });
    const stop = observer.subscribe(() => {});
    await settled(client, key);
    applyLive<string[]>(client, key, (data) => data && [...data, 'b']);
    expect(client.getQueryData(key)).toEqual(['a', 'b']);
    expect(await settled(client, key)).toEqual(['a', 'b']);
    expect(calls).toBe(1);
    stop();
  });

  it('leaves alone what nobody has asked for', () => {
    const client = new QueryClient();
    applyLive<string[]>(client, ['nothing'], (data) => data && [...data, 'b']);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
