import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetEnv } from '@/lib/env';
import { logger } from '@/lib/log/logger';
import { latestEmailTo, listOutbox, sendEmail, sendTemplate } from '@/lib/mail/service';
import { testDb } from './helpers/db';

type Received = { from: string; to: string[]; data: string };

/** The smallest SMTP server nodemailer will talk to, on loopback only; `rejectRcpt` refuses every recipient. */
async function smtpSink(options: { rejectRcpt?: boolean } = {}) {
  const received: Received[] = [];
  let connections = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(line + '\r\n');
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-sink\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 sink');
        else if (verb === 'MAIL') {
          current.from = line;
          reply('250 ok');
        } else if (verb === 'RCPT') {
          if (options.rejectRcpt) reply('550 no such user');
          else {
            current.to.push(line);
            reply('250 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 ok');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Undoes quoted-printable (and dot-stuffing) so the test can look for the literal link. */
const decodeQp = (data: string) =>
  data
    .replace(/\r\n\.\./g, '\r\n.')
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

let db: Awaited<ReturnType<typeof testDb>>;
const saved = { SMTP_URL: process.env.SMTP_URL, PUBLIC_URL: process.env.PUBLIC_URL, MAIL_FROM: process.env.MAIL_FROM };
const restore = () => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  resetEnv();
};
beforeAll(async () => {
  db = await testDb();
  process.env.PUBLIC_URL = 'https://atrio.example';
  process.env.MAIL_FROM = 'Atrio <no-reply@atrio.example>';
});
afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.SMTP_URL;
  resetEnv();
});
afterAll(async () => {
  restore();
  await db.cleanup();
});

describe('without SMTP_URL', () => {
  it('keeps the email in the outbox, contacts no server, and logs the links but not the body', async () => {
    const sink = await smtpSink();
    delete process.env.SMTP_URL;
    resetEnv();
    const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    try {
      const row = await sendTemplate(db.db, 'ana@example.com', 'emailConfirmation', 'es', { name: 'Ana', link: '/es/confirmacion-email?token=t0k3n' });
      expect(row.sentAt).toBeNull();
      expect(row.error).toBeNull();
      expect(row.kind).toBe('emailConfirmation');
      expect(row.locale).toBe('es');
      expect(row.links).toEqual(['https://atrio.example/es/confirmacion-email?token=t0k3n']);
      expect(row.text).toContain('Hola, Ana:');
      expect(sink.connections()).toBe(0);

      expect(info).toHaveBeenCalledTimes(1);
      const logged = JSON.stringify(info.mock.calls[0]);
      expect(logged).toContain('ana@example.com');
      expect(logged).toContain('https://atrio.example/es/confirmacion-email?token=t0k3n');
      expect(logged).not.toContain('Hola');
    } finally {
      await sink.close();
    }
  });

  it('finds the latest email of a kind for a recipient', async () => {
    await sendTemplate(db.db, 'bo@example.com', 'passwordReset', 'en', { name: 'Bo', link: '/reset?token=first' });
    await sendTemplate(db.db, 'bo@example.com', 'passwordReset', 'en', { name: 'Bo', link: '/reset?token=second' });
    await sendTemplate(db.db, 'bo@example.com', 'passwordChanged', 'en', { name: 'Bo' });
    const latest = await latestEmailTo(db.db, 'bo@example.com', 'passwordReset');
    expect(latest?.links).toEqual(['https://atrio.example/reset?token=second']);
    expect(await latestEmailTo(db.db, 'nobody@example.com', 'passwordReset')).toBeNull();
  });

  it('lists the outbox newest first, page by page', async () => {
    for (const n of [1, 2, 3]) await sendTemplate(db.db, `page${n}@example.com`, 'passwordChanged', 'en', { name: `P${n}` });
    const first = await listOutbox(db.db, { limit: 2 });
    expect(first.map((e) => e.to)).toEqual(['page3@example.com', 'page2@example.com']);
    const next = await listOutbox(db.db, { limit: 2, before: first[1].id });
    expect(next.map((e) => e.to)).toEqual(['page1@example.com', 'bo@example.com']);
    expect(await listOutbox(db.db, { limit: 2, before: 'not-an-id' })).toEqual([]);
  });
});

describe('with SMTP_URL', () => {
  it('sends both parts through SMTP and records sentAt', async () => {
    const sink = await smtpSink();
    process.env.SMTP_URL = sink.url;
    resetEnv();
    try {
      const row = await sendTemplate(db.db, 'cy@example.com', 'passwordReset', 'en', { name: 'Cy', link: '/reset-password?token=abc' });
      expect(row.error).toBeNull();
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(sink.received).toHaveLength(1);
      const [mail] = sink.received;
      expect(mail.from).toContain('no-reply@atrio.example');
      expect(mail.to.join()).toContain('cy@example.com');
      const data = decodeQp(mail.data);
      expect(data).toMatch(/^Subject: Reset your Atrio password$/m);
      expect(data).toMatch(/Content-Type: multipart\/alternative/);
      expect(data).toMatch(/Content-Type: text\/plain/);
      expect(data).toMatch(/Content-Type: text\/html/);
      expect(data).toContain('Hi Cy,');
      expect(data).toContain('Choose a new password: https://atrio.example/reset-password?token=abc');
      expect(data).toContain('href="https://atrio.example/reset-password?token=abc"');
    } finally {
      await sink.close();
    }
  });

  it('records and logs a refused send without throwing', async () => {
    const sink = await smtpSink({ rejectRcpt: true });
    process.env.SMTP_URL = sink.url;
    resetEnv();
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    try {
      const row = await sendEmail(db.db, { to: 'dan@example.com', kind: 'custom', locale: 'en', subject: 's', text: 't', html: '<p>t</p>', links: [] });
      expect(row.sentAt).toBeNull();
      expect(row.error).toMatch(/550/);
      expect(error).toHaveBeenCalledTimes(1);
      expect(JSON.stringify(error.mock.calls[0])).toContain('dan@example.com');
      expect(sink.received).toHaveLength(0);
      expect((await latestEmailTo(db.db, 'dan@example.com', 'custom'))?.error).toMatch(/550/);
    } finally {
      await sink.close();
    }
  });
});
