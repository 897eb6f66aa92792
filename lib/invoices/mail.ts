import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appName } from '../env';
import { formatMoney } from '../format/money';
import type { Locale } from '../i18n/locales';
import { textFor } from '../i18n/server-text';
import { renderHtml } from '../mail/html';
import { sendEmail } from '../mail/service';
import { absoluteLink } from '../mail/templates';
import { membershipProfiles, memberships, profiles, projects } from '../projects/tables';
import { users } from '../users/tables';
import { renderInvoicePdf } from './pdf';
import { fullView } from './read';
import type { Invoice } from './tables';

// The invoice email (on issue) and the reminders, to the project's owners, each with the
// invoice's PDF attached: the same bytes the PDF route serves.

export type InvoiceMailKind = 'issued' | 'reminderBefore' | 'reminderAfter';

/** Active owners of the project (members holding an isRoot profile) and the language to write to them in. */
async function ownersOf(db: Db, projectId: string): Promise<{ email: string; locale: Locale }[]> {
  const rows = await db
    .selectDistinct({ email: users.email, language: projects.language })
    .from(memberships)
    .innerJoin(membershipProfiles, eq(membershipProfiles.membershipId, memberships.id))
    .innerJoin(profiles, eq(profiles.id, membershipProfiles.profileId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(projects, eq(projects.id, memberships.projectId))
    .where(and(eq(memberships.projectId, projectId), eq(memberships.status, 1), eq(profiles.isRoot, true)));
  return rows.map((r) => ({ email: r.email, locale: r.language === 'es' ? 'es' : 'en' }));
}

export async function sendInvoiceEmail(db: Db, invoice: Invoice, kind: InvoiceMailKind): Promise<number> {
  const view = await fullView(db, invoice);
  const owners = await ownersOf(db, invoice.projectId);
  const name = appName();
  for (const owner of owners) {
    const t = textFor(owner.locale, 'invoices');
    const values = {
      number: view.number,
      app: name,
      project: view.projectName,
      due: formatMoney(view.due, view.currency, owner.locale),
      dueDate: view.dueDate,
    };
    const link = absoluteLink(`/dashboard/invoices/${view.id}`);
    // The same PDF behind the owner's session, for the outbox (which keeps links, not files) and mail clients that drop attachments.
    const pdfLink = absoluteLink(`/api/invoices/${view.id}/pdf`);
    const paragraphs = [...(view.test ? [t('test.notice')] : []), t(`mail.${kind}.body`, values)];
    const pdf = await renderInvoicePdf(db, view, owner.locale, name);
    await sendEmail(db, {
      to: owner.email,
      kind: `invoice.${kind}`,
      locale: owner.locale,
      // A test invoice's email says so before anything else, so nobody mistakes it for a bill.
      subject: `${view.test ? `[${t('test.badge')}] ` : ''}${t(`mail.${kind}.subject`, values)}`,
      text: `${paragraphs.join('\n\n')}\n\n${link}\n\n${t('mail.attached', { file: `${view.number}.pdf` })}\n${pdfLink}`,
      html: renderHtml({
        lang: owner.locale,
        paragraphs: [...paragraphs, t('mail.attached', { file: `${view.number}.pdf` })],
        action: { label: t('mail.open'), href: link },
        footer: name,
      }),
      links: [link, pdfLink],
      attachments: [{ filename: `${view.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
  }
  return owners.length;
}
