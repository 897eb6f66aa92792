import { z } from 'zod';

// Shared by the server and the widget: no server imports here.

export type HostedProvider = 'turnstile' | 'hcaptcha';
export type CaptchaProvider = 'altcha' | HostedProvider;

const hex = z
  .string()
  .max(1024)
  .regex(/^[0-9a-f]+$/);

/**
 * The ALTCHA widget's code: base64 of `{ challenge: { parameters, signature }, solution }`.
 * The parameters keep unknown keys so the signature is checked over exactly what was sent.
 */
export const altchaPayloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.string().max(32),
      nonce: hex,
      salt: hex,
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: hex,
      keySignature: hex,
      expiresAt: z.number().positive(),
    }),
    signature: hex,
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: hex,
    time: z.number().optional(),
  }),
});

/** What GET /api/auth/captcha answers: a challenge to solve, or the hosted widget to show. */
export type CaptchaAnswer = { provider: 'altcha'; parameters: Record<string, unknown>; signature: string } | { provider: HostedProvider; siteKey: string };
