import { randomUUID } from 'node:crypto';
import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

export default function config(phase: string): NextConfig {
  // One id per build, shared by Next (BUILD_ID) and the client's new-build check.
  const buildId = phase === PHASE_PRODUCTION_BUILD ? `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}` : 'dev';
  return withNextIntl({
    reactStrictMode: true,
    poweredByHeader: false,
    // server.ts computes the script hashes of each HTML response for its CSP, so it must see
    // the bytes uncompressed: it compresses them itself afterwards (lib/http/compress.ts).
    compress: false,
    generateBuildId: async () => buildId,
    env: { NEXT_PUBLIC_BUILD_ID: buildId },
    serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino', '@node-rs/argon2', 'sanitize-html'],
    allowedDevOrigins: ['127.0.0.1'],
    typedRoutes: false,
    turbopack: {
      // cookies-next's client entry is CommonJS and also brings its React hooks and context,
      // which nothing here uses (about 2 kB gzip on every page): the browser gets its cookie
      // functions only. Types still come from `cookies-next/client`.
      resolveAlias: { 'cookies-next/client': './node_modules/cookies-next/lib/client/cookie-functions.js' },
    },
  });
}
