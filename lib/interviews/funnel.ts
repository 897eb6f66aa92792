import { pathOf, type Answers } from './answers';
import type { Question } from './questions';

// The completion funnel's arithmetic, apart from its SQL: the database groups respondents by
// what decides their path, and this walks each group's path once (no server imports).

/**
 * Respondents who share a path and a stopping point: `branch` holds their answers to the
 * questions with skip rules, `last` the position (0-based, in the version's order) of the
 * furthest question they answered, null when none, and `n` how many they are.
 */
export type FunnelGroup = { complete: boolean; branch: Answers; last: number | null; n: number };

/** One question: respondents whose path reached it, who answered it, and who left there. */
export type FunnelStep = { id: string; reached: number; answered: number; dropped: number };

/**
 * `respondents` counts complete responses and unfinished drafts; `leftAtEnd` those who
 * answered everything on their path but never sent it.
 */
export type FunnelView = { version: number; respondents: number; completed: number; leftAtEnd: number; steps: FunnelStep[] };

/**
 * A complete response reached every question on its path. A draft reached its path up to
 * the first question after the furthest one it answered, and left there (unanswered
 * optional questions before that do not count as leaving); a draft with every question on
 * its path answered left before sending.
 */
export function funnelOf(
  questions: readonly Question[],
  groups: readonly FunnelGroup[],
  answered: Readonly<Record<string, number>>,
): Omit<FunnelView, 'version'> {
  const position = new Map(questions.map((q, i) => [q.id, i]));
  const steps = new Map<string, FunnelStep>(questions.map((q) => [q.id, { id: q.id, reached: 0, answered: answered[q.id] ?? 0, dropped: 0 }]));
  let respondents = 0;
  let completed = 0;
  let leftAtEnd = 0;
  for (const group of groups) {
    respondents += group.n;
    const path = pathOf(questions, group.branch);
    if (group.complete) completed += group.n;
    const stop = group.complete ? -1 : path.findIndex((q) => group.last === null || position.get(q.id)! > group.last);
    const reached = stop === -1 ? path : path.slice(0, stop + 1);
    for (const q of reached) steps.get(q.id)!.reached += group.n;
    if (group.complete) continue;
    if (stop === -1) leftAtEnd += group.n;
    else steps.get(path[stop].id)!.dropped += group.n;
  }
  return { respondents, completed, leftAtEnd, steps: [...steps.values()] };
}

/** The share of those who reached a question and left there, 0–1 (0 when nobody reached it). */
export function dropRate(step: FunnelStep): number {
  return step.reached ? step.dropped / step.reached : 0;
}
