import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { storageUrl, type StorageConfig } from './storage/config';

// The only reader of process.env. Everything else imports `env()`.

const port = z.coerce.number().int().min(0).max(65535);
const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    APP_NAME: z.string().trim().min(1, 'a non-empty name').max(60).default('Atrio'),
    PORT: port.default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'an http(s) URL such as https://atrio.example.com' }).optional(),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'a postgres:// or postgresql:// connection URL' }).optional(),
    AUTH_SECRET: z.string().min(32, 'at least 32 characters of random data').optional(),
    // Lenient on purpose: the default root@localhost has no dot in its domain.
    ROOT_EMAIL: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[^\s@]+@[^\s@]+$/, 'an email address')
      .default('root@localhost'),
    ROOT_PASSWORD: z.string().min(8, 'at least 8 characters').max(128).optional(),
    DEMO_DATA: flag.default(true),
    // Invoices issued while this is on are test invoices, which only the built-in test processor settles.
    PAYMENTS_TEST: flag.default(false),
    // Set when a reverse proxy in front sets X-Forwarded-For; without it the socket's address is the client's.
    TRUST_PROXY: flag.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Email: SMTP when set; otherwise every email is kept in the outbox table.
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().trim().min(3).default('Atrio <no-reply@localhost>'),
    // Captcha: self-hosted proof of work by default; a hosted provider by configuration.
    CAPTCHA_PROVIDER: z.enum(['altcha', 'turnstile', 'hcaptcha']).default('altcha'),
    CAPTCHA_HMAC_KEY: z.string().min(32, 'at least 32 characters of random data').optional(),
    CAPTCHA_SITE_KEY: z.string().trim().min(1).optional(),
    CAPTCHA_SECRET: z.string().trim().min(1).optional(),
    // Proof-of-work cost; higher is slower for bots and people alike.
    CAPTCHA_COST: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
    // Uploaded files (avatars, attachments) go to this folder unless an object store is configured.
    UPLOAD_DIR: z.string().trim().min(1).optional(),
    // An S3-compatible bucket instead (lib/storage/config.ts): what several instances share.
    STORAGE_URL: storageUrl.optional(),
    // Chat attachments each project, and each user across projects, may hold (MB).
    STORAGE_QUOTA_PROJECT_MB: z.coerce.number().int().min(1, 'a whole number of MB, at least 1').max(100_000_000).default(2048),
    STORAGE_QUOTA_USER_MB: z.coerce.number().int().min(1, 'a whole number of MB, at least 1').max(100_000_000).default(500),
    // Chat messages one user may send a minute; unset is LIMITS.chatMessages (benchmarks raise it).
    CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1, 'a whole number, at least 1').max(1_000_000).optional(),
    // Requests one socket may make in 10 s; unset is RATE_LIMIT of lib/realtime/protocol.ts (benchmarks raise it).
    SOCKET_MESSAGES_PER_10S: z.coerce.number().int().min(1, 'a whole number, at least 1').max(1_000_000).optional(),
    // How long the event loop may stay blocked before the watchdog ends the process (0: no watchdog).
    WATCHDOG_MS: z.coerce
      .number()
      .int()
      .refine((v) => v === 0 || (v >= 1_000 && v <= 600_000), '0 (off) or 1000 to 600000 milliseconds')
      .default(10_000),
  })
  .superRefine((v, ctx) => {
    if (v.CAPTCHA_PROVIDER === 'altcha') return;
    for (const name of ['CAPTCHA_SITE_KEY', 'CAPTCHA_SECRET'] as const)
      if (!v[name]) ctx.addIssue({ code: 'custom', path: [name], message: `the ${v.CAPTCHA_PROVIDER} ${name === 'CAPTCHA_SECRET' ? 'secret' : 'site key'}` });
  });

export type Env = Omit<z.infer<typeof schema>, 'AUTH_SECRET' | 'PUBLIC_URL' | 'STORAGE_URL'> & {
  uploadDir: string;
  storage: StorageConfig;
  AUTH_SECRET: string;
  PUBLIC_URL: string;
  dataDir: string;
  dbKind: 'pglite' | 'postgres';
};

export class EnvError extends Error {}

/** Formats zod issues as "NAME: expected …" lines, one per bad variable. */
export function describeEnvIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: expected ${issue.message}`).join('\n');
}

/** Reads DATA_DIR/auth-secret, creating it (mode 600) on first use. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
    rmSync(file); // empty or truncated: replace it with a strong one
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty or blank values mean "unset", as in most .env conventions.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const outcome = schema.safeParse(cleaned);
  if (!outcome.success) throw new EnvError(`Invalid configuration:\n${describeEnvIssues(outcome.error)}`);
  const parsed = outcome.data;
  const dataDir = path.resolve(parsed.DATA_DIR);
  const { AUTH_SECRET: given, STORAGE_URL: bucket, ...rest } = parsed;
  let secret = given;
  const result = {
    ...rest,
    dataDir,
    // A runtime folder, not a build input: the comment keeps Turbopack from tracing it.
    uploadDir: path.resolve(/* turbopackIgnore: true */ parsed.UPLOAD_DIR ?? `${dataDir}${path.sep}uploads`),
    dbKind: parsed.DATABASE_URL ? 'postgres' : 'pglite',
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
  } as Env;
  result.storage = bucket ?? { driver: 'local', dir: result.uploadDir };
  // Resolved on first use, so reading APP_NAME never creates files (e.g. during a build).
  Object.defineProperty(result, 'AUTH_SECRET', {
    enumerable: false,
    get: () => (secret ??= persistedSecret(dataDir)),
  });
  return result;
}

const cache = globalThis as unknown as { __atrioEnv?: Env };

export function env(): Env {
  cache.__atrioEnv ??= parseEnv(process.env);
  return cache.__atrioEnv;
}

/** Tests and the start script use this to re-read a changed process.env. */
export function resetEnv(): void {
  cache.__atrioEnv = undefined;
}

/** The product name alone: safe anywhere, including during a build. */
export function appName(): string {
  return schema.shape.APP_NAME.parse(process.env.APP_NAME || undefined);
}

/** The log level alone, for the logger (which must exist before the full check runs). */
export function logLevel(): z.infer<typeof schema.shape.LOG_LEVEL> {
  const parsed = schema.shape.LOG_LEVEL.safeParse(process.env.LOG_LEVEL || undefined);
  return parsed.success ? parsed.data : 'info';
}
