'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Captcha } from '@/components/auth/Captcha';
import { useCaptchaGate } from '@/components/auth/use-captcha-gate';
import { primaryButton, secondaryButton } from '@/components/ui/buttons';
import { Notice } from '@/components/ui/Notice';
import { ApiError, api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { checkAnswers, pathOf, type Answers } from '@/lib/interviews/answers';
import type { Question } from '@/lib/interviews/questions';
import { translateToken } from '@/lib/validation/messages';
import { QuestionFlow } from './QuestionFlow';
import type { Value } from './QuestionInput';
import { forgetToken, rememberToken, savedToken, useHydrated, useNarrow } from './public-device';

type Props = {
  projectKey: string;
  slug: string;
  questions: Question[];
  initial: Record<string, Value>;
  errors: Record<string, string>;
  token?: string;
  hidden: Record<string, string>;
  thanks: string;
};

const AUTOSAVE_MS = 1500;

/**
 * The public form. Server-rendered as a plain form that posts every question (the path for
 * browsers without JavaScript); once hydrated it follows the skip logic, shows one question
 * per step on phones, saves a draft as the person goes (the resume token stays in this
 * browser) and sends through the human check.
 */
export function PublicForm({ projectKey, slug, questions, initial, errors: serverErrors, token: initialToken, hidden, thanks }: Props) {
  const t = useText('interviews');
  const tv = useText('validation');
  const tc = useText('captcha');
  const [answers, setAnswers] = useState<Record<string, Value>>(initial);
  const [errors, setErrors] = useState(serverErrors);
  const [token, setToken] = useState(initialToken);
  const enhanced = useHydrated();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState('');
  const [captchaError, setCaptchaError] = useState('');
  const captcha = useCaptchaGate();
  const startedAt = useRef(new Date().toISOString());
  const formRef = useRef<HTMLFormElement>(null);
  const narrow = useNarrow();
  const storeKey = `${projectKey}:${slug}`;

  // A draft saved in this browser earlier: reload with its token, so the server fills it in.
  useEffect(() => {
    const saved = savedToken(storeKey);
    const url = new URL(location.href);
    if (initialToken) rememberToken(storeKey, initialToken);
    // Tried already and the server had no such draft (sent, or gone): forget it, no loop.
    else if (url.searchParams.has('r')) forgetToken(storeKey);
    else if (saved) {
      url.searchParams.set('r', saved);
      location.replace(url);
    }
  }, [initialToken, storeKey]);

  const path = useMemo(() => (enhanced ? pathOf(questions, answers as Answers) : questions), [enhanced, questions, answers]);
  const current = Math.min(step, path.length - 1);
  const stepping = enhanced && narrow;

  const body = useCallback(
    (final: boolean) => {
      const form = new FormData(formRef.current!);
      form.set('js', '1');
      form.set('final', final ? '1' : '0');
      form.set('startedAt', startedAt.current);
      if (token) form.set('token', token);
      if (final) form.set('captchaCode', captcha.code.current);
      // A draft carries text only: files go with the final submit.
      if (!final) for (const q of questions) if (q.type === 'file') form.delete(`q_${q.id}`);
      return form;
    },
    [questions, token, captcha.code],
  );

  // Drafts are saved a moment after the person stops changing answers.
  const touched = useRef(false);
  useEffect(() => {
    if (!touched.current || done) return;
    const timer = setTimeout(() => {
      api<{ token: string }>('interviews/respond', { method: 'POST', form: body(false), session: false })
        .then((res) => {
          setToken(res.token);
          rememberToken(storeKey, res.token);
        })
        .catch(() => undefined);
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [answers, body, done, storeKey]);

  const change = (id: string, value: Value) => {
    touched.current = true;
    setAnswers((a) => ({ ...a, [id]: value }));
    setErrors(({ [id]: _gone, ...rest }) => rest);
  };

  const translate = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translateToken(v, tv)]));

  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    const first = path.findIndex((q) => found[q.id]);
    if (first >= 0) {
      setStep(first);
      requestAnimationFrame(
        () =>
          document.getElementById(`q-${path[first].id}`)?.focus() ??
          document.querySelector<HTMLElement>(`[data-testid="question-${path[first].id}"] input`)?.focus(),
      );
    }
  };

  const next = () => {
    const q = path[current];
    const { errors: found } = checkAnswers([{ ...q, skip: [] }], answers);
    if (found[q.id]) return showErrors(translate(found));
    setStep(current + 1);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkAnswers(questions, { ...answers, ...fileAnswers(formRef.current!, questions) });
    if (!checked.ok) return showErrors(translate(checked.errors));
    setBusy(true);
    setFailure('');
    setCaptchaError('');
    try {
      // Sent while the check still runs: this click waits for its code instead of being lost.
      await captcha.take();
      await api('interviews/respond', { method: 'POST', form: body(true), session: false });
      forgetToken(storeKey);
      setDone(true);
    } catch (error) {
      captcha.reset();
      if (error instanceof ApiError) {
        const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k.replace(/^answers\./, ''), v]));
        if (fields.captchaCode) setCaptchaError(fields.captchaCode);
        if (Object.keys(fields).some((k) => k !== 'captchaCode')) showErrors(fields);
        else if (!fields.captchaCode) setFailure(error.message || t('public.failed'));
      } else setFailure(t('public.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (done) return <Notice tone="success" title={t('public.thanksTitle')} text={thanks || t('public.thanksDefault')} />;

  const last = !stepping || current === path.length - 1;
  return (
    <form
      ref={formRef}
      action="/api/interviews/respond"
      method="post"
      encType="multipart/form-data"
      onSubmit={submit}
      className="space-y-6"
      data-testid="interview-form"
    >
      <input type="hidden" name="key" value={projectKey} />
      <input type="hidden" name="slug" value={slug} />
      {token && <input type="hidden" name="token" value={token} />}
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={`h_${k}`} value={v} />
      ))}
      <QuestionFlow path={path} answers={answers} errors={errors} onChange={change} stepping={stepping} current={current} />
      {enhanced && last && (
        <div data-testid="captcha-field">
          <Captcha {...captcha.field} describedBy={captchaError ? 'captcha-error' : undefined} />
          {captchaError && (
            <p id="captcha-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
              {captchaError}
            </p>
          )}
        </div>
      )}
      {failure && <Notice tone="error" title={failure} />}
      <div className="flex flex-wrap gap-3">
        {stepping && current > 0 && (
          <button type="button" className={secondaryButton} onClick={() => setStep(current - 1)}>
            {t('public.back')}
          </button>
        )}
        {last ? (
          // Keyed apart: reusing Next's element as the submit button would let the click that
          // reached the last step submit the form too (the browser reads the type after the handler).
          <button key="submit" type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined} data-testid="interview-submit">
            {captcha.waiting ? tc('waiting') : busy ? t('public.sending') : t('public.submit')}
          </button>
        ) : (
          <button key="next" type="button" className={primaryButton} onClick={next} data-testid="interview-next">
            {t('public.next')}
          </button>
        )}
      </div>
      {enhanced && <p className="text-xs text-muted">{t('public.saved')}</p>}
    </form>
  );
}

/** File inputs are not in the answers state: a chosen file counts as an answer for the check. */
function fileAnswers(form: HTMLFormElement, questions: Question[]): Answers {
  const out: Answers = {};
  for (const q of questions) {
    if (q.type !== 'file') continue;
    const input = form.elements.namedItem(`q_${q.id}`) as HTMLInputElement | null;
    const file = input?.files?.[0];
    if (file) out[q.id] = { key: 'pending', name: file.name, type: file.type, size: file.size };
  }
  return out;
}
