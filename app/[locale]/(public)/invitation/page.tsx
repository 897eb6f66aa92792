import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { AuthCard } from '@/components/auth/AuthCard';
import { InvitationCard } from '@/components/users/InvitationCard';
import { formatDate } from '@/lib/format';
import { currentViewer } from '@/lib/auth/current';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { publicMetadata } from '@/lib/i18n/metadata';
import { pageLocale } from '@/lib/i18n/page';
import { readInvitation } from '@/lib/users/invitations';

// Who is signed in and which token was sent decide the page.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await pageLocale(params);
  const t = await getTranslations('users');
  return publicMetadata('invitation', locale, { title: t('invitation.title'), index: false });
}

/** Where an emailed invitation lands: who invites whom to what, and how to accept. */
export default async function InvitationPage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const raw = (await searchParams).token;
  const token = typeof raw === 'string' && raw ? raw : null;
  const [invitation, viewer] = await Promise.all([token ? readInvitation(getDb(), token) : null, currentViewer()]);
  const t = await getTranslations('users');
  const valid = invitation?.state === 'valid';
  return (
    <AuthCard title={valid ? t('invitation.heading', { project: invitation.projectName }) : t('invitation.title')}>
      <TextScope namespaces={['users']}>
        <InvitationCard
          token={token}
          invitation={invitation}
          viewer={viewer ? { name: viewer.user.name, email: viewer.user.email } : null}
          validUntil={invitation ? formatDate(invitation.expiresAt, locale, viewer?.user.timeZone ?? 'UTC') : null}
        />
      </TextScope>
    </AuthCard>
  );
}
