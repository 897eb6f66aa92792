import { getRequestConfig } from 'next-intl/server';
import { defaultLocale } from '../routes/table';
import { isLocale } from './negotiate';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : defaultLocale;
  return { locale, messages: (await import(`../../messages/${locale}.json`)).default };
});
