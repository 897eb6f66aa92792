// @vitest-environment happy-dom
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoginForm } from '@/components/auth/LoginForm';
import { RegisterForm } from '@/components/auth/RegisterForm';
import { resetApiClient } from '@/lib/http/api-client';
import { TextProvider } from '@/lib/i18n/client';
import en from '@/messages/en.json';

// The forms' schemas arrive as a chunk of their own (useApiForm); a loaded run needs longer than 1 s.
configure({ asyncUtilTimeout: 5000 });

// The ALTCHA widget as the forms see it: a custom element whose check the test ends. Like
// the real one, it checks when asked (`verify()`) or as its `auto` attribute says: on load,
// or when its form first gets focus.
type Fake = HTMLElement & {
  verifies: number;
  getState(): string;
  solve(payload: string): void;
  fail(): void;
};
const widgets = vi.hoisted(() => ({ list: [] as Fake[] }));
vi.mock('altcha', () => {
  class FakeAltcha extends HTMLElement {
    state = 'unverified';
    verifies = 0;
    #finish: ((result: { payload: string } | null) => void) | null = null;
    connectedCallback() {
      widgets.list.push(this as unknown as Fake);
      this.closest('form')?.addEventListener('focusin', () => {
        if (this.getAttribute('auto') === 'onfocus' && this.state === 'unverified') void this.verify();
      });
      // The real widget announces it has mounted (its methods work from then on).
      queueMicrotask(() => {
        this.dispatchEvent(new CustomEvent('load'));
        if (this.getAttribute('auto') === 'onload') void this.verify();
      });
    }
    #set(state: string, payload: string | null = null) {
      this.state = state;
      this.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
    }
    getState() {
      return this.state;
    }
    verify() {
      this.verifies += 1;
      this.#set('verifying');
      return new Promise((resolve) => (this.#finish = resolve));
    }
    solve(payload: string) {
      this.#set('verified', payload);
      this.#finish?.({ payload });
    }
    fail() {
      this.#set('error');
      this.#finish?.(null);
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

const sent: Record<string, unknown>[] = [];
const server = setupServer(
  http.get('http://localhost:3000/api/auth/captcha', () => HttpResponse.json(challenge())),
  // Refused, so the form stays (a success would leave the page).
  ...['auth', 'auth/register'].map((path) =>
    http.post(`http://localhost:3000/api/${path}`, async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ message: 'Wrong email or password.', data: { fields: {} } }, { status: 401 });
    }),
  ),
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

const messages = { auth: en.auth, captcha: en.captcha, validation: en.validation, errors: en.errors };
const REQUIRED = en.validation.required;

function renderForm(Form: typeof LoginForm) {
  render(
    <TextProvider locale="en" messages={messages}>
      <Form />
    </TextProvider>,
  );
}

/** The widget once it exists (the answer fetched, the bundle imported, mounted). */
async function widget(): Promise<Fake> {
  await waitFor(() => expect(widgets.list).toHaveLength(1));
  return widgets.list[0];
}

// As the browser's autofill does: values in, no focus, no typing.
function fillLogin() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example.test' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
}

// As a person does: into the field (the form gets focus), then the value.
function typeLogin() {
  fireEvent.focusIn(screen.getByLabelText('Email'));
  fillLogin();
}

const captchaField = () => screen.getByTestId('captcha-field');
const submitButton = () => screen.getByTestId('submit');

describe('the captcha of the account forms', () => {
  it('starts its check as soon as the widget appears, without any focus in the form', async () => {
    renderForm(LoginForm);
    const fake = await widget();
    await waitFor(() => expect(fake.verifies).toBe(1));
    expect(fake.getState()).toBe('verifying');
  });

  it('shows the check under way, then done, in a polite status line', async () => {
    renderForm(LoginForm);
    const fake = await widget();
    const status = screen.getByTestId('captcha-status');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(status.textContent).toBe(en.captcha.status.verifying));
    expect(screen.getByTestId('captcha-progress').hasAttribute('data-active')).toBe(true);
    act(() => fake.solve('code-1'));
    await waitFor(() => expect(status.textContent).toBe(en.captcha.status.verified));
    expect(screen.getByTestId('captcha-progress').hasAttribute('data-active')).toBe(false);
  });

  it('logs in with the code when "Log in" is clicked while the check runs, never calling the captcha missing', async () => {
    renderForm(LoginForm);
    const fake = await widget();
    typeLogin();
    await waitFor(() => expect(fake.getState()).toBe('verifying'));
    fireEvent.click(submitButton());
    // Waiting: busy, nothing sent, no error.
    await waitFor(() => expect(submitButton().getAttribute('aria-busy')).toBe('true'));
    expect(sent).toHaveLength(0);
    expect(screen.queryByText(REQUIRED)).toBeNull();

    act(() => fake.solve('code-1'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ email: 'ana@example.test', password: 'Secret123', captchaCode: 'code-1' });
    expect(screen.queryByText(REQUIRED)).toBeNull();
    expect(within(captchaField()).queryByTestId('field-error')).toBeNull();
    // The code was used: a fresh check starts for the next attempt, and the field is not
    // called missing meanwhile (the refused submit's reset takes the code away).
    await waitFor(() => expect(fake.verifies).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(REQUIRED)).toBeNull();
    expect(within(captchaField()).queryByTestId('field-error')).toBeNull();
  });

  it('after autofill, before the widget has even loaded, the submit waits for it and its check', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('http://localhost:3000/api/auth/captcha', async () => {
        await answered;
        return HttpResponse.json(challenge());
      }),
    );
    renderForm(LoginForm);
    fillLogin();
    fireEvent.click(submitButton());
    await waitFor(() => expect(submitButton().getAttribute('aria-busy')).toBe('true'));
    expect(widgets.list).toHaveLength(0);

    answer();
    const fake = await widget();
    await waitFor(() => expect(fake.getState()).toBe('verifying'));
    expect(screen.queryByText(REQUIRED)).toBeNull();
    act(() => fake.solve('code-2'));
    await waitFor(() => expect(sent).toEqual([{ email: 'ana@example.test', password: 'Secret123', captchaCode: 'code-2' }]));
    expect(screen.queryByText(REQUIRED)).toBeNull();
  });

  it('registers with the code when "Register" is clicked while the check runs', async () => {
    renderForm(RegisterForm);
    const fake = await widget();
    await waitFor(() => expect(fake.getState()).toBe('verifying'));
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ana Tester' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.change(screen.getByLabelText('Repeat the password'), { target: { value: 'Secret123' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(submitButton().getAttribute('aria-busy')).toBe('true'));
    expect(screen.queryByText(REQUIRED)).toBeNull();
    act(() => fake.solve('code-3'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ name: 'Ana Tester', email: 'ana@example.test', password: 'Secret123', captchaCode: 'code-3' });
    expect(screen.queryByText(REQUIRED)).toBeNull();
  });

  it('shows the captcha error, not "required", when the check fails', async () => {
    renderForm(LoginForm);
    const fake = await widget();
    await waitFor(() => expect(fake.getState()).toBe('verifying'));
    fillLogin();
    fireEvent.click(submitButton());
    await waitFor(() => expect(submitButton().getAttribute('aria-busy')).toBe('true'));
    act(() => fake.fail());
    await waitFor(() => expect(within(captchaField()).getByTestId('field-error').textContent).toBe(en.captcha.status.failed));
    expect(screen.queryByText(REQUIRED)).toBeNull();
    expect(sent).toHaveLength(0);
    expect(submitButton().getAttribute('aria-busy')).toBeNull();
    expect(screen.getByTestId('captcha-status').textContent).toBe(en.captcha.status.failed);

    // Clicking again starts a new check, and its code is sent; the error goes away.
    fireEvent.click(submitButton());
    await waitFor(() => expect(fake.verifies).toBe(2));
    act(() => fake.solve('code-4'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].captchaCode).toBe('code-4');
    await waitFor(() => expect(within(captchaField()).queryByTestId('field-error')).toBeNull());
  });

  it('when the captcha cannot be loaded, a submit shows its error at once instead of waiting', async () => {
    server.use(http.get('http://localhost:3000/api/auth/captcha', () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    renderForm(LoginForm);
    await screen.findByText(en.captcha.unavailable, { exact: false });
    fillLogin();
    fireEvent.click(submitButton());
    await waitFor(() => expect(within(captchaField()).getByTestId('field-error').textContent).toBe(en.captcha.status.failed));
    expect(screen.queryByText(REQUIRED)).toBeNull();
    expect(submitButton().getAttribute('aria-busy')).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it("points at the other fields' mistakes at once while the check runs, without the captcha's", async () => {
    renderForm(LoginForm);
    const fake = await widget();
    await waitFor(() => expect(fake.getState()).toBe('verifying'));
    fireEvent.click(submitButton());
    await waitFor(() => expect(screen.getAllByText(REQUIRED)).toHaveLength(2));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(within(captchaField()).queryByTestId('field-error')).toBeNull();
    expect(sent).toHaveLength(0);
    expect(submitButton().getAttribute('aria-busy')).toBeNull();
  });

  it('sends at once when the check had already finished', async () => {
    renderForm(LoginForm);
    const fake = await widget();
    await waitFor(() => expect(fake.getState()).toBe('verifying'));
    act(() => fake.solve('code-5'));
    fillLogin();
    fireEvent.click(submitButton());
    await waitFor(() => expect(sent).toEqual([{ email: 'ana@example.test', password: 'Secret123', captchaCode: 'code-5' }]));
  });
});
