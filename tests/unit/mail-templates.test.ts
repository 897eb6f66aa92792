import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import { resetEnv } from '@/lib/env';
import { escapeHtml, fill } from '@/lib/mail/html';
import { absoluteLink, composeEmail, mailKinds, type MailKind, type MailValues } from '@/lib/mail/templates';

const saved = { PUBLIC_URL: process.env.PUBLIC_URL, APP_NAME: process.env.APP_NAME };
beforeAll(() => {
  process.env.PUBLIC_URL = 'https://atrio.example';
  process.env.APP_NAME = 'Atrio';
  resetEnv();
});
afterAll(() => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  resetEnv();
});

const LINK = '/email-confirmation?token=abc123&x=1';
const ABSOLUTE = 'https://atrio.example/email-confirmation?token=abc123&x=1';
const sample: { [K in MailKind]: MailValues[K] } = {
  emailConfirmation: { name: 'Ana', link: LINK },
  emailChange: { name: 'Ana', link: LINK, newEmail: 'ana.new@example.com' },
  emailChangeNotice: { name: 'Ana', link: LINK, newEmail: 'ana.new@example.com' },
  emailInUse: { name: 'Bea', email: 'bea@example.com' },
  passwordReset: { name: 'Ana', link: LINK },
  passwordChanged: { name: 'Ana' },
  projectRequested: { name: 'Root', link: LINK, project: 'Acme', key: 'acme', requester: 'Ana' },
  projectEnabled: { name: 'Ana', link: LINK, project: 'Acme' },
  projectDisabled: { name: 'Ana', project: 'Acme' },
  invitation: { name: 'ana@example.com', link: LINK, project: 'Acme', inviter: 'Olivia' },
  test: { name: 'Ana', sender: 'Root' },
};
const compose = <K extends MailKind>(kind: K, locale: 'en' | 'es', values: Partial<MailValues[K]> = {}) =>
  composeEmail(kind, locale, { ...sample[kind], ...values });

describe('composeEmail', () => {
  it.each(mailKinds)('%s: translated subject and body in en and es', (kind) => {
    const english = compose(kind, 'en');
    const spanish = compose(kind, 'es');
    expect(english.subject).toBe(fill(en.mail[kind].subject, { ...sample[kind], app: 'Atrio' }));
    expect(spanish.subject).toBe(fill(es.mail[kind].subject, { ...sample[kind], app: 'Atrio' }));
    expect(english.subject).not.toBe(spanish.subject);
    expect(english.text).toContain(`Hi ${sample[kind].name},`);
    expect(spanish.text).toContain(`Hola, ${sample[kind].name}:`);
    expect(english.html).toContain('<html lang="en">');
    expect(spanish.html).toContain('<html lang="es">');
    expect(english.text).not.toMatch(/\{\w+\}/);
    expect(spanish.html).not.toMatch(/\{\w+\}/);
  });

  it.each(['emailConfirmation', 'emailChange', 'emailChangeNotice', 'passwordReset', 'projectRequested', 'projectEnabled', 'invitation'] as const)(
    '%s: the absolute link is in the text, the button and the raw link',
    (kind) => {
      const mail = compose(kind, 'en');
      expect(mail.links).toEqual([ABSOLUTE]);
      expect(mail.text).toContain(`${en.mail[kind].action}: ${ABSOLUTE}`);
      const href = escapeHtml(ABSOLUTE);
      expect(href).toContain('&#38;x=1');
      expect(mail.html.split(`href="${href}"`)).toHaveLength(3);
      expect(mail.html).toContain(`>${href}</a>`);
      expect(mail.html).toContain(`>${en.mail[kind].action}</a>`);
    },
  );

  it('tells the password-reset reader that the link lasts 1 hour, in both languages', () => {
    expect(compose('passwordReset', 'en').text).toContain('1 hour');
    expect(compose('passwordReset', 'es').text).toContain('1 hora');
  });

  it('names the new address in the email-change message', () => {
    const mail = compose('emailChange', 'es', { newEmail: 'nueva@example.com' });
    expect(mail.text).toContain('nueva@example.com');
    expect(mail.html).toContain('nueva@example.com');
  });

  it('tells the old address how to undo a change, never to ignore it', () => {
    for (const locale of ['en', 'es'] as const) {
      const mail = compose('emailChangeNotice', locale);
      const m = locale === 'en' ? en.mail : es.mail;
      expect(mail.text).toContain('ana.new@example.com');
      expect(mail.text).toContain(m.emailChangeNotice.closing);
      expect(mail.text).not.toContain(m.ignore);
    }
  });

  it('warns the owner of a taken address without any link', () => {
    const mail = compose('emailInUse', 'en');
    expect(mail.links).toEqual([]);
    expect(mail.text).toContain('bea@example.com');
    expect(mail.text).toContain(en.mail.emailInUse.warning);
  });

  it('sends a password-changed notice without links and with the warning', () => {
    const mail = compose('passwordChanged', 'en');
    expect(mail.links).toEqual([]);
    expect(mail.html).not.toContain('<a ');
    expect(mail.text).toContain(en.mail.passwordChanged.warning);
  });

  it('escapes a hostile name and new address in the HTML and keeps them verbatim in the text', () => {
    const name = '<script>alert("x")</script> & <img src=x onerror=y>';
    const mail = compose('emailChange', 'en', { name, newEmail: '"><b>@evil.test' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('"><b>');
    expect(mail.html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#60;img src=x onerror=y&#62;');
    expect(mail.text).toContain(`Hi ${name},`);
  });

  it('keeps line breaks in the app name out of the subject', () => {
    process.env.APP_NAME = 'Atrio\r\nBcc: victim@example.com';
    try {
      const mail = compose('passwordChanged', 'en');
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.subject).toContain('Atrio Bcc');
    } finally {
      process.env.APP_NAME = 'Atrio';
    }
  });
});

describe('absoluteLink', () => {
  it('prefixes paths with PUBLIC_URL and keeps http(s) URLs', () => {
    expect(absoluteLink('/login')).toBe('https://atrio.example/login');
    expect(absoluteLink('https://other.example/a?b=1')).toBe('https://other.example/a?b=1');
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', '//evil.example/x', 'relative/path'])('refuses %s', (link) => {
    expect(() => absoluteLink(link)).toThrow();
  });
});
