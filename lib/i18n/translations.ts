import { createTranslator } from 'next-intl';
import { getLocale, type getTranslations as nextIntlTranslations } from 'next-intl/server';
import { catalogues } from './server-text';
import type { Locale } from './locales';
import { SERVER_TIME_ZONE } from './server-zone';

/** What next-intl's own getTranslations gives a server component. */
type Translator = Awaited<ReturnType<typeof nextIntlTranslations<string>>>;

// next-intl's getTranslations builds its message cache and Intl formatters per request, so
// every render compiled each ICU message it showed again (with plural rules and number
// formats): about 3% of a signed-in page's CPU. The catalogues never change while the process
// runs, so one translator per language and namespace keeps them compiled for good.
const translators = new Map<string, Translator>();

/** The namespace's translator in `locale`, the same one for every request. */
export function translatorFor(locale: Locale, namespace: string): Translator {
  const key = `${locale}:${namespace}`;
  let t = translators.get(key);
  if (!t) {
    t = createTranslator({ locale, messages: catalogues[locale] as never, namespace: namespace as never, timeZone: SERVER_TIME_ZONE }) as unknown as Translator;
    translators.set(key, t);
  }
  return t;
}

/** getTranslations of next-intl, for server components: the request's language (next-intl decides it), a translator kept compiled. */
export async function getTranslations(namespace: string): Promise<Translator> {
  return translatorFor((await getLocale()) as Locale, namespace);
}
