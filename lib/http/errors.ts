/**
 * SPEC.md's error shape: `{ message, data: { fields, ...extra } }`. `message` and each field
 * are `api` message keys, filled with the string and number values of `extra`; a field may
 * instead hold a validation token (`token(key, values)`), translated with its own values.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function errorBody(message: string, fields: Record<string, string> = {}, extra: Record<string, unknown> = {}) {
  return { message, data: { fields, ...extra } };
}
