import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';
import { logLevel } from '../env';
import { serializeErr, withoutParams } from './errors';
import type { ReadDeps } from '../db/read-deps';

/**
 * `at`: when the request arrived, by this process's `performance.now()`. `deps`: what its
 * page render read, while one is recorded (lib/db/read-deps.ts).
 */
type RequestContext = { reqId: string; at?: number; deps?: ReadDeps };

// Shared through globalThis: the custom server and Next's bundle load their own copy of
// this module, but a request's id must reach the lines both of them write.
const g = globalThis as unknown as { __atrioAls?: AsyncLocalStorage<RequestContext>; __atrioLog?: pino.Logger };
export const requestContext: AsyncLocalStorage<RequestContext> = (g.__atrioAls ??= new AsyncLocalStorage<RequestContext>());

/** When the current request arrived; outside one (a job, a test calling a handler), now. */
export function requestArrivedAt(): number {
  return requestContext.getStore()?.at ?? performance.now();
}

/** The logger's settings; tests build one on a stream of their own with them. */
export function logOptions(): pino.LoggerOptions {
  return {
    level: logLevel(),
    base: { app: 'atrio' },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const ctx = requestContext.getStore();
      return ctx ? { reqId: ctx.reqId } : {};
    },
    // Belt and braces: these never belong in a log line.
    redact: {
      paths: [
        'password',
        '*.password',
        'token',
        '*.token',
        'accessToken',
        'refreshToken',
        '*.accessToken',
        '*.refreshToken',
        'headers.cookie',
        'headers.authorization',
        'req.headers.cookie',
        'req.headers.authorization',
      ],
      censor: '[redacted]',
    },
    // Whatever a caller passes as `err` or `stack`, the values bound to a failed query stay out.
    serializers: { err: serializeErr, stack: (v: unknown) => (typeof v === 'string' ? withoutParams(v) : v) },
  };
}

export const logger: pino.Logger = (g.__atrioLog ??= pino(logOptions()));
