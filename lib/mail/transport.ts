import nodemailer, { type Transporter } from 'nodemailer';

// One transport per process, shared on globalThis because Next loads server modules twice.
// Keyed by URL so a changed configuration (tests, a restart with new settings) is honoured.
const cache = globalThis as unknown as { __atrioMail?: { url: string; transport: Transporter } };

/** The SMTP transport for `url`; timeouts are short because a request may be waiting on the send. */
export function smtpTransport(url: string): Transporter {
  if (cache.__atrioMail?.url !== url) {
    cache.__atrioMail?.transport.close();
    const transport = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    cache.__atrioMail = { url, transport };
  }
  return cache.__atrioMail.transport;
}
