import { describe, expect, it } from 'vitest';
import { dropRate, funnelOf, type FunnelGroup } from '@/lib/interviews/funnel';
import type { Question } from '@/lib/interviews/questions';

// a → (b, unless "No", which jumps to d) → c → d
const questions: Question[] = [
  { id: 'a', type: 'single', title: 'A', help: '', required: true, options: ['Yes', 'No'], skip: [{ equals: 'No', goto: 'd' }] },
  { id: 'b', type: 'short', title: 'B', help: '', required: false, skip: [] },
  { id: 'c', type: 'short', title: 'C', help: '', required: false, skip: [] },
  { id: 'd', type: 'short', title: 'D', help: '', required: false, skip: [] },
];
const by = (view: ReturnType<typeof funnelOf>) => Object.fromEntries(view.steps.map((s) => [s.id, s]));

describe('funnelOf', () => {
  it('counts complete responses on their own path only', () => {
    const groups: FunnelGroup[] = [
      { complete: true, branch: { a: 'Yes' }, last: 3, n: 3 },
      { complete: true, branch: { a: 'No' }, last: 3, n: 2 },
    ];
    const view = funnelOf(questions, groups, { a: 5, b: 3, c: 2, d: 5 });
    expect(view).toMatchObject({ respondents: 5, completed: 5, leftAtEnd: 0 });
    const s = by(view);
    expect([s.a.reached, s.b.reached, s.c.reached, s.d.reached]).toEqual([5, 3, 3, 5]);
    expect(s.c.answered).toBe(2);
    expect(view.steps.every((x) => x.dropped === 0)).toBe(true);
  });

  it('places a draft where it stopped: the first question after its furthest answer, on its path', () => {
    const groups: FunnelGroup[] = [
      // Answered a (Yes) and b: left at c.
      { complete: false, branch: { a: 'Yes' }, last: 1, n: 2 },
      // Answered a (No): jumped to d, left there (b and c were never on the way).
      { complete: false, branch: { a: 'No' }, last: 0, n: 1 },
      // Answered nothing: left at the first question.
      { complete: false, branch: {}, last: null, n: 4 },
      // Answered everything on the short path but never sent.
      { complete: false, branch: { a: 'No' }, last: 3, n: 1 },
    ];
    const view = funnelOf(questions, groups, {});
    expect(view).toMatchObject({ respondents: 8, completed: 0, leftAtEnd: 1 });
    const s = by(view);
    expect([s.a.reached, s.b.reached, s.c.reached, s.d.reached]).toEqual([8, 2, 2, 2]);
    expect([s.a.dropped, s.b.dropped, s.c.dropped, s.d.dropped]).toEqual([4, 0, 2, 1]);
    expect(dropRate(s.a)).toBe(0.5);
    expect(dropRate(s.c)).toBe(1);
  });

  it('skipping an optional question is not leaving it', () => {
    // Answered a and c, not b: still going, so they stopped at d.
    const view = funnelOf(questions, [{ complete: false, branch: { a: 'Yes' }, last: 2, n: 1 }], {});
    const s = by(view);
    expect(s.b.dropped).toBe(0);
    expect(s.d).toMatchObject({ reached: 1, dropped: 1 });
  });

  it('a question nobody reached has a drop rate of zero, not NaN', () => {
    expect(dropRate({ id: 'x', reached: 0, answered: 0, dropped: 0 })).toBe(0);
    expect(funnelOf(questions, [], {}).steps.map((s) => s.reached)).toEqual([0, 0, 0, 0]);
  });
});
