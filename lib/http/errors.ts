/** SPEC.md's error shape: `{ message, data: { fields } }`. */
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
