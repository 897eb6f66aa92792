import { describe, expect, it, vi } from 'vitest';
import { CaptchaLink } from '@/components/auth/captcha-api';

describe('CaptchaLink: a form asking its captcha widget for a code', () => {
  it('waits for the running check and gets its code', async () => {
    const link = new CaptchaLink();
    const start = vi.fn(() => true);
    link.serve(start);
    const asked = link.request();
    expect(start).toHaveBeenCalledTimes(1);
    expect(link.pending).toBe(true);
    link.solved('code-1');
    await expect(asked).resolves.toEqual({ code: 'code-1' });
    expect(link.pending).toBe(false);
  });

  it('waits for a widget that is still loading, which starts when it serves', async () => {
    const link = new CaptchaLink();
    const first = link.request();
    const second = link.request();
    const start = vi.fn(() => true);
    link.serve(start);
    expect(start).toHaveBeenCalledTimes(1);
    link.solved('code-2');
    await expect(Promise.all([first, second])).resolves.toEqual([{ code: 'code-2' }, { code: 'code-2' }]);
  });

  it('says the check failed, and answers "none" at once for a widget that needs the person', async () => {
    const link = new CaptchaLink();
    const stop = link.serve(() => true);
    const failing = link.request();
    link.failed();
    await expect(failing).resolves.toEqual({ code: null, failed: true });

    stop();
    link.serve(() => false);
    await expect(link.request()).resolves.toEqual({ code: null, failed: false });
    expect(link.pending).toBe(false);
  });

  it('settles each request once: a later code is not handed to an answered one', async () => {
    const link = new CaptchaLink();
    link.serve(() => true);
    const asked = link.request();
    link.failed();
    link.solved('late');
    await expect(asked).resolves.toEqual({ code: null, failed: true });
  });

  it('a widget that stopped serving no longer starts checks', () => {
    const link = new CaptchaLink();
    const start = vi.fn(() => true);
    const stop = link.serve(start);
    stop();
    void link.request();
    expect(start).not.toHaveBeenCalled();
    expect(link.pending).toBe(true);
  });
});
