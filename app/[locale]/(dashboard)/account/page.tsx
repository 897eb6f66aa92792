import { redirect } from 'next/navigation';
import { pageLocale } from '@/lib/i18n/page';
import { pathFor } from '@/lib/routes/match';

/** The account area opens on its general tab. */
export default async function AccountPage({ params }: { params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  redirect(pathFor('accountTab', locale, { tab: 'general' }));
}
