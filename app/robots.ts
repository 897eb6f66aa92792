import type { MetadataRoute } from 'next';
import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  const base = env().PUBLIC_URL;
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/', '/dashboard', '/account', '/cuenta', '/root', '/logout'] }],
    sitemap: `${base}/sitemap.xml`,
  };
}
