// @vitest-environment happy-dom
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PublicForm } from '@/components/interviews/PublicForm';
import { resetApiClient } from '@/lib/http/api-client';
import { TextProvider } from '@/lib/i18n/client';
import en from '@/messages/en.json';

configure({ asyncUtilTimeout: 5000 });

// The ALTCHA widget as a form holding it sees it: like the real one, it checks as soon as it
// has loaded and, while it checks, holds a `required` checkbox the browser's own form
// validation would stop a submit on.
type Fake = HTMLElement & { getState(): string; solve(payload: string): void };
const widgets = vi.hoisted(() => ({ list: [] as Fake[] }));
vi.mock('altcha', () => {
  class FakeAltcha extends HTMLElement {
    state = 'unverified';
    #box: HTMLInputElement | null = null;
    connectedCallback() {
      widgets.list.push(this as unknown as Fake);
      this.#box = document.createElement('input');
      this.#box.type = 'checkbox';
      this.appendChild(this.#box);
      queueMicrotask(() => {
        this.dispatchEvent(new CustomEvent('load'));
      });
    }
    #set(state: string, payload: string | null = null) {
      this.state = state;
      this.#box!.required = state === 'verifying';
      this.#box!.checked = state === 'verified';
      this.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
    }
    getState() {
      return this.state;
    }
    verify() {
      if (this.state !== 'verifying') this.#set('verifying');
      return Promise.resolve();
    }
    solve(payload: string) {
      this.#set('verified', payload);
    }
    reset() {
      this.#set('unverified');
    }
    configure() {
      return Promise.resolve();
    }
  }
  if (!customElements.get('altcha-widget')) customElements.define('altcha-widget', FakeAltcha);
  (globalThis as unknown as { $altcha: unknown }).$altcha = { i18n: { set: () => undefined } };
  return {};
});

const challenge = () => ({
  provider: 'altcha',
  parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'aa', salt: 'bb', cost: 1, keyLength: 32, keyPrefix: 'cc', expiresAt: Math.floor(Date.now() / 1000) + 600 },
  signature: 'dd',
});

const sent: FormData[] = [];
const server = setupServer(
  http.get('http://localhost:3000/api/auth/captcha', () => HttpResponse.json(challenge())),
  http.post('http://localhost:3000/api/interviews/respond', async ({ request }) => {
    const form = await request.formData();
    if (form.get('final') === '1') sent.push(form);
    return HttpResponse.json({ message: 'Thanks', token: 't1' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetApiClient();
  widgets.list.length = 0;
  sent.length = 0;
});
afterAll(() => server.close());

const messages = { interviews: en.interviews, captcha: en.captcha, validation: en.validation, errors: en.errors };

function renderInterview() {
  render(
    <TextProvider locale="en" messages={messages}>
      <PublicForm
        projectKey="demo"
        slug="survey"
        questions={[{ id: 'name', type: 'short', title: 'Your name', help: '', required: true, skip: [] }]}
        initial={{ name: 'Ana' }}
        errors={{}}
        hidden={{}}
        thanks=""
      />
    </TextProvider>,
  );
}

describe('a form behind the human check', () => {
  it('sends the public interview once the check ends when "Send answers" was clicked while it ran', async () => {
    renderInterview();
    await waitFor(() => expect(widgets.list).toHaveLength(1));
    const fake = widgets.list[0];
    await waitFor(() => expect(fake.getState()).toBe('verifying'));

    const submit = screen.getByTestId('interview-submit');
    fireEvent.click(submit);
    // The click is kept, and the button says what it waits for.
    await waitFor(() => expect(submit.textContent).toBe(en.captcha.waiting));
    expect(submit.getAttribute('aria-busy')).toBe('true');
    expect(sent).toHaveLength(0);

    act(() => fake.solve('code-1'));
    await screen.findByText(en.interviews.public.thanksTitle);
    expect(sent).toHaveLength(1);
    expect(sent[0].get('captchaCode')).toBe('code-1');
    expect(sent[0].get('q_name')).toBe('Ana');
  });

  it('sends at once when the check had already ended', async () => {
    renderInterview();
    await waitFor(() => expect(widgets.list).toHaveLength(1));
    const fake = widgets.list[0];
    await waitFor(() => expect(fake.getState()).toBe('verifying'));
    act(() => fake.solve('code-2'));
    fireEvent.click(screen.getByTestId('interview-submit'));
    await screen.findByText(en.interviews.public.thanksTitle);
    expect(sent.map((f) => f.get('captchaCode'))).toEqual(['code-2']);
  });
});
