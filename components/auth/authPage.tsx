import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { Suspense, type ComponentType } from 'react';
import { TextScope } from '@/lib/forms/text-scope';
import { publicMetadata } from '@/lib/i18n/metadata';
import { pageLocale } from '@/lib/i18n/page';
import type { RouteName } from '@/lib/routes/table';
import { AuthCard } from './AuthCard';

type Props = { params: Promise<{ locale: string }> };

/** The strings the account forms use in the browser, besides the layout's. */
const FORM_NAMESPACES = ['auth', 'validation', 'captcha'];

/**
 * A page of the sign-in family: its metadata, heading, lead and one client form, with an
 * optional client part above it that may read the query (the page itself stays static).
 */
export function authPage(route: RouteName, titleKey: string, leadKey: string, Form: ComponentType, Above?: ComponentType) {
  return {
    async generateMetadata({ params }: Props): Promise<Metadata> {
      const locale = await pageLocale(params);
      const t = await getTranslations('auth');
      return publicMetadata(route, locale, { title: t(titleKey), description: t(leadKey), index: false });
    },
    async Page({ params }: Props) {
      await pageLocale(params);
      const t = await getTranslations('auth');
      return (
        <AuthCard title={t(titleKey)} lead={t(leadKey)}>
          <TextScope namespaces={FORM_NAMESPACES}>
            {Above && (
              <Suspense>
                <Above />
              </Suspense>
            )}
            <Form />
          </TextScope>
        </AuthCard>
      );
    },
  };
}
