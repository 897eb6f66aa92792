import { httpProvider } from './http';
import { localProvider } from './local';
import type { ImageProvider } from './types';

export type { ImageProvider, ImageRequest } from './types';

/**
 * The configured provider: PHOTOMAGIK_PROVIDER=http with PHOTOMAGIK_HTTP_URL (and optionally
 * PHOTOMAGIK_HTTP_TOKEN) for an external API; anything else is the built-in local one.
 */
export function configuredProvider(env: NodeJS.ProcessEnv = process.env): ImageProvider {
  if (env.PHOTOMAGIK_PROVIDER === 'http' && env.PHOTOMAGIK_HTTP_URL) return httpProvider(env.PHOTOMAGIK_HTTP_URL, env.PHOTOMAGIK_HTTP_TOKEN);
  return localProvider;
}
