import * as z from 'zod/mini';
import type { AuditAction } from '../audit/service';
import { emailField, field, form, numberField } from '../validation/field';
import { token } from '../validation/messages';
import { between, maxLength, pattern, type Rule } from '../validation/rules';

// Shared by the root console's pages (filters, the test email form) and its API: no server imports.

/** Every action the audit log records, in the order the filter lists them. */
export const auditActions = [
  'project.request',
  'project.status',
  'project.settings',
  'project.extensions',
  'project.adminEnter',
  'project.adminExit',
  'user.disable',
  'user.enable',
  'user.confirmationResent',
  'profile.create',
  'profile.update',
  'profile.delete',
  'member.invite',
  'member.invitationRevoke',
  'member.join',
  'member.profiles',
  'member.status',
  'member.remove',
  'content.create',
  'content.update',
  'content.delete',
  'content.order',
  'email.test',
  'invoice.create',
  'invoice.update',
  'invoice.send',
  'invoice.void',
  'invoice.view',
  'invoice.payment',
  'invoice.paymentConfirm',
  'invoice.paymentReject',
  'invoice.transfer',
  'invoice.quote',
  'invoice.providerUpdate',
  'invoice.settings',
  'invoice.recurring',
  'invoice.stopRecurring',
  'invoice.reminder',
  'invoice.billing',
  'photomagik.credits',
  'photomagik.apiKey',
  'varket.planCreate',
  'varket.planUpdate',
  'varket.planDelete',
  'varket.sellerCreate',
  'varket.sellerUpdate',
  'varket.sellerDelete',
  'varket.sale',
  'varket.refund',
  'varket.settings',
] as const satisfies readonly AuditAction[];

// A new AuditAction missing above fails type checking here, so the filter and labels keep up.
type Missing = Exclude<AuditAction, (typeof auditActions)[number]>;
const complete: [Missing] extends [never] ? true : Missing = true;
void complete;

/** The part before the dot: what the filter groups actions by. */
export const auditSubjects = [...new Set(auditActions.map((a) => a.slice(0, a.indexOf('.'))))];

/** A full action, or a subject with its dot ("project.") for all of that subject's actions. */
export function isAuditFilter(value: string): boolean {
  return (auditActions as readonly string[]).includes(value) || (value.endsWith('.') && auditSubjects.includes(value.slice(0, -1)));
}

const auditFilter: Rule<'auditAction'> = { kind: 'auditAction', test: (v) => (isAuditFilter(String(v)) ? undefined : token('invalid')) };

/** An optional id: empty passes, anything but a uuid is 'invalid'. */
const optionalId = () => field([pattern('uuid', 'invalid')], { lowercase: true });

export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 100;
const limit = () => numberField([between(1, PAGE_MAX)]);

/** GET /api/root/audit. `project` and `actor` are what a person types: an id, a key or name, an email. */
export const auditQuerySchema = form({
  projectId: optionalId(),
  actorId: optionalId(),
  project: field([maxLength(120)]),
  actor: field([maxLength(254)], { lowercase: true }),
  action: field([maxLength(60), auditFilter]),
  before: optionalId(),
  limit: limit(),
});

/** GET /api/root/outbox: `q` is part of the recipient's address. */
export const outboxQuerySchema = form({
  q: field([maxLength(254)], { lowercase: true }),
  before: optionalId(),
  limit: limit(),
});

/** POST /api/root/outbox/test and its form. */
export const testEmailSchema = form({ to: emailField() });

export type AuditQuery = z.output<typeof auditQuerySchema>;
export type OutboxQuery = z.output<typeof outboxQuerySchema>;
export type TestEmailInput = z.output<typeof testEmailSchema>;
