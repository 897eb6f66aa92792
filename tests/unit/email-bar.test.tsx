// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmailBar } from '@/components/shell/EmailBar';
import { TextProvider } from '@/lib/i18n/client';
import en from '@/messages/en.json';

vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: () => undefined }) }));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderBar(secondsLeft?: number) {
  render(
    <TextProvider locale="en" messages={{ emailBar: en.emailBar, errors: en.errors }}>
      <EmailBar email="ana@example.test" secondsLeft={secondsLeft} />
    </TextProvider>,
  );
  return screen.getByTestId('email-bar-resend') as HTMLButtonElement;
}

describe('the email confirmation bar', () => {
  it("counts down from the server's wait right away, then offers the resend", () => {
    const button = renderBar(3);
    expect(button.disabled).toBe(true);
    expect(button.textContent).toMatch(/^Resend in .*3$/);
    act(() => vi.advanceTimersByTime(1000));
    expect(button.textContent).toMatch(/^Resend in .*2$/);
    expect(button.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(2000));
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe(en.emailBar.resend);
  });

  it('offers the resend at once when nothing was sent lately', () => {
    const button = renderBar(0);
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe(en.emailBar.resend);
  });
});
