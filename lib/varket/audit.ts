import { audit, type AuditAction } from '../audit/service';
import type { Tx } from '../db/client';
import { actorOf, type ProjectContext } from '../http/route';
import type { VarketPlan, VarketSeller } from './tables';

// Marketplace writes in the audit log. Called inside the write's transaction, so the entry
// and the change land together. Payout details are never copied: an entry only says they
// changed (the log is readable by root and kept for long).

type Action = Extract<AuditAction, `varket.${string}`>;

export function varketAudit(tx: Tx, ctx: ProjectContext, action: Action, target: { type: string; id: string }, data: Record<string, unknown>) {
  return audit(tx, actorOf(ctx), { action, target, data });
}

/** What the log keeps of a plan: its public terms. */
export const planData = (p: VarketPlan) => ({ name: p.name, price: p.price, currency: p.currency, interval: p.interval, status: p.status });

/** What the log keeps of a seller; payout details only as a flag. */
export const sellerData = (s: VarketSeller) => ({
  name: s.name,
  email: s.email,
  status: s.status,
  commissionRate: s.commissionRate,
  nextPayoutOn: s.nextPayoutOn,
});

/** The names of the fields that differ, plus before/after of the visible ones. */
export function sellerChanges(before: VarketSeller, after: VarketSeller) {
  const a = sellerData(before);
  const b = sellerData(after);
  const keys = (Object.keys(b) as (keyof typeof b)[]).filter((k) => a[k] !== b[k]);
  return {
    name: after.name,
    changed: Object.fromEntries(keys.map((k) => [k, { from: a[k], to: b[k] }])),
    ...(before.payoutDetails !== after.payoutDetails ? { payoutDetails: 'changed' } : {}),
  };
}

export function planChanges(before: VarketPlan, after: VarketPlan) {
  const a = { ...planData(before), description: before.description };
  const b = { ...planData(after), description: after.description };
  const keys = (Object.keys(b) as (keyof typeof b)[]).filter((k) => a[k] !== b[k]);
  // The description can be long: only its change is noted.
  return { name: after.name, changed: Object.fromEntries(keys.map((k) => [k, k === 'description' ? 'changed' : { from: a[k], to: b[k] }])) };
}
