import type { ApiError } from '@/lib/http/api-client';

/**
 * What the box shows beside its fields: the server's field errors, or, for a refusal of
 * the whole message (storage quota 413, rate limit 429), its message, kept in view with
 * the message still in the box until the next try (the alert it also raises fades).
 */
export function composerErrors(error: ApiError): Record<string, string> {
  if (Object.keys(error.fields).length) return error.fields;
  return (error.status === 413 || error.status === 429) && error.message ? { message: error.message } : {};
}
