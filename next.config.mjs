// @ts-check
// Plain JavaScript on purpose: the production server loads this file when it starts, and a
// next.config.ts would be compiled there by Next's native SWC binding, resident for good.
// The JSDoc types keep an editor's checks.
import { randomUUID } from 'node:crypto';
import { PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from 'next/constants.js';

/**
 * @param {string} phase
 * @returns {Promise<import('next').NextConfig>}
 */
export default async function config(phase) {
  // One id per build, shared by Next (BUILD_ID) and the client's new-build check.
  const buildId = phase === PHASE_PRODUCTION_BUILD ? `${Date.now().toString(36)}-${randomUUID().slice(0, 8)}` : 'dev';
  /** @type {import('next').NextConfig} */
  const base = {
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
  };
  // next-intl's plugin only points the bundler at lib/i18n/request.ts, and loading it loads
  // SWC and a file watcher (about 40 MB resident): the built server has no use for either.
  if (phase === PHASE_PRODUCTION_SERVER) return base;
  const { default: createNextIntlPlugin } = await import('next-intl/plugin');
  return createNextIntlPlugin('./lib/i18n/request.ts')(base);
}
