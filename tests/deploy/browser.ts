import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import WebSocket from 'ws';

export type Answer = { status: number; upstream: string; headers: Headers; json: <T>() => Promise<T>; bytes: () => Promise<Buffer> };
export type Frame = { e?: string; d?: unknown };

/** What a browser does against the site: cookies kept, the origin sent on writes, the captcha solved. */
export class Browser {
  private cookies = new Map<string, string>();

  constructor(readonly origin: string) {}

  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { origin: this.origin };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(this.origin + path, { method, headers, body: payload, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
    const buffer = res.arrayBuffer().then((b) => Buffer.from(b));
    return {
      status: res.status,
      upstream: res.headers.get('x-upstream') ?? '',
      headers: res.headers,
      json: async <T>() => JSON.parse((await buffer).toString()) as T,
      bytes: () => buffer,
    };
  }

  /** Signs in as the login form does: a challenge from the site, solved, then the password. */
  async signIn(email: string, password: string): Promise<void> {
    const challenge = await (await this.call('GET', '/api/auth/captcha')).json<Challenge>();
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
    if (!solution) throw new Error('captcha not solved');
    const captcha = Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString(
      'base64',
    );
    const res = await this.call('POST', '/api/auth', { email, password, captchaCode: captcha });
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${(await res.bytes()).toString()}`);
  }

  /** A copy of this browser's cookies: the same session in another tab. */
  clone(): Browser {
    const other = new Browser(this.origin);
    other.cookies = new Map(this.cookies);
    return other;
  }

  /** The realtime socket, opened with a ticket; says which instance it reached. */
  async socket() {
    const token = (await (await this.call('POST', '/api/auth/socketTicket', {})).json<{ data: { ticket: string } }>()).data.ticket;
    const ws = new WebSocket(`${this.origin.replace('http', 'ws')}/ws/v1?token=${encodeURIComponent(token)}&as=user`, { headers: { origin: this.origin } });
    const frames: Frame[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
    const upstream = await new Promise<string>((resolve, reject) => {
      ws.once('upgrade', (res) => resolve(String(res.headers['x-upstream'] ?? '')));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
    await new Promise((resolve) => (ws.readyState === WebSocket.OPEN ? resolve(null) : ws.once('open', resolve)));
    const next = async <T>(event: string, test: (d: T) => boolean, timeoutMs = 10_000): Promise<T> => {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        const found = frames.find((f) => f.e === event && test(f.d as T));
        if (found) return found.d as T;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no ${event} within ${timeoutMs} ms`);
    };
    return { ws, upstream, next };
  }
}
