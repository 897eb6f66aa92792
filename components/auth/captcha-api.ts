import type { CaptchaAnswer } from '@/lib/captcha/schemas';

export const CAPTCHA_URL = '/api/auth/captcha';

/** Asks the server which captcha to show; for ALTCHA the answer is already a challenge. */
export async function fetchCaptchaAnswer(signal: AbortSignal): Promise<CaptchaAnswer> {
  const res = await fetch(CAPTCHA_URL, { cache: 'no-store', credentials: 'same-origin', signal });
  if (!res.ok) throw new Error(`captcha: ${res.status}`);
  const body = (await res.json()) as CaptchaAnswer;
  if (body?.provider !== 'altcha' && body?.provider !== 'turnstile' && body?.provider !== 'hcaptcha') throw new Error('captcha: unknown provider');
  return body;
}

/**
 * The first challenge came with the answer, so the widget can start on it instead of
 * asking again; one about to expire is not worth solving, and the widget fetches anew.
 */
export function firstChallengeSource(answer: Extract<CaptchaAnswer, { provider: 'altcha' }>, now = Date.now()): string {
  const expiresAt = Number(answer.parameters.expiresAt) * 1000;
  return expiresAt - now > 60_000 ? JSON.stringify({ parameters: answer.parameters, signature: answer.signature }) : CAPTCHA_URL;
}

/** What a form gets when it asks for a code: the code, or none (`failed` when the check itself failed). */
export type CaptchaOutcome = { code: string } | { code: null; failed: boolean };

/**
 * Between a form and its captcha widget, for a submit that comes before the check ended
 * (clicked while it runs, or after the browser filled the fields in): the form asks for
 * the code, the widget answers when its check ends. A widget that can start a check on
 * its own says how (`serve`); one that needs the person (a hosted puzzle) answers "none"
 * at once, so the form can say what is missing.
 */
export class CaptchaLink {
  #waiting: ((outcome: CaptchaOutcome) => void)[] = [];
  #start: (() => boolean) | null = null;

  /** True while a form waits for the check. */
  get pending(): boolean {
    return this.#waiting.length > 0;
  }

  /**
   * For the form: settles when the running check ends, starting one if the widget is
   * idle. Until a widget serves the link (it is still loading), the request waits for it.
   */
  request(): Promise<CaptchaOutcome> {
    const outcome = new Promise<CaptchaOutcome>((resolve) => this.#waiting.push(resolve));
    if (this.#start && !this.#start()) this.#settle({ code: null, failed: false });
    return outcome;
  }

  /**
   * For the widget: `start` begins a check unless one runs, and returns false when the
   * widget cannot produce a code without the person. Returns the way to stop serving.
   */
  serve(start: () => boolean): () => void {
    this.#start = start;
    if (this.pending && !start()) this.#settle({ code: null, failed: false });
    return () => {
      if (this.#start === start) this.#start = null;
    };
  }

  /** For the widget: the check ended with this code. */
  solved(code: string): void {
    this.#settle({ code });
  }

  /** For the widget: the check failed, or the captcha could not be loaded. */
  failed(): void {
    this.#settle({ code: null, failed: true });
  }

  #settle(outcome: CaptchaOutcome): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const resolve of waiting) resolve(outcome);
  }
}
