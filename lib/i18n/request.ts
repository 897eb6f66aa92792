import { getRequestConfig } from 'next-intl/server';
import { defaultLocale } from '../routes/table';
import { isLocale } from './negotiate';
import { SERVER_TIME_ZONE } from './server-zone';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : defaultLocale;
  return { locale, timeZone: SERVER_TIME_ZONE, messages: (await import(`../../messages/${locale}.json`)).default };
});
