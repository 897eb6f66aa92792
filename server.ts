import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import next from 'next';
import { closeDb, dbKind, openDb, setDbHandle } from './lib/db/client';
import { recordPage, startEventLogs } from './lib/eventlogs/capture';
import { flushEvents } from './lib/eventlogs/recorder';
import { isDatabaseUnavailable } from './lib/db/errors';
import { lockDataDir } from './lib/db/lock';
import { migrate } from './lib/db/migrate';
import { openRecoverable } from './lib/db/recovery';
import { seed } from './lib/db/seed';
import { env, EnvError } from './lib/env';
import { applyCsp } from './lib/http/csp-response';
import { compressStream } from './lib/http/compress';
import { directApi } from './lib/http/direct-api';
import { refreshForNavigation } from './lib/auth/navigation-refresh';
import { memberPageKey, recordMemberPage, serveMemberPage } from './lib/http/member-pages';
import { pageKey, servePage, storePage, varyPage } from './lib/http/page-cache';
import { securityHeaders } from './lib/http/security-headers';
import { serveStaticAsset } from './lib/http/static-assets';
import { logger, requestContext } from './lib/log/logger';
import { privateUmask, secureDataDirs } from './lib/ops/permissions';
import { sweepAtStart } from './lib/ops/sweep';
import { startIdleCollector } from './lib/ops/idle-gc';
import { startWatchdog } from './lib/ops/watchdog';
import { createRealtime } from './lib/realtime/server';
import { isBot } from './lib/shell/bots';
import { errorText } from './lib/log/error-text';

const SHUTDOWN_LIMIT_MS = 10_000;
// A first start creates the embedded database and Next loads its routes, and reopening the
// embedded database replays its WAL: longer blocking calls than steady service ever makes.
// The watchdog allows this much for those.
const STARTUP_WATCHDOG_MS = 120_000;
const REQUEST_ID = /^[\w.-]{1,64}$/;

function loadEnv() {
  try {
    return env();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

async function main() {
  privateUmask(); // first: whatever this process creates from here on is its owner's alone
  const dev = process.argv.includes('--dev');
  const config = loadEnv();
  void config.AUTH_SECRET; // create the persisted secret now, not on the first request
  // Not in development: Next compiles pages there on demand, on this thread.
  const watchdog = !dev && config.WATCHDOG_MS > 0 ? startWatchdog(Math.max(STARTUP_WATCHDOG_MS, config.WATCHDOG_MS)) : null;

  // Only the embedded database lives in DATA_DIR; PostgreSQL handles its own concurrency.
  const unlock = config.dbKind === 'pglite' ? lockDataDir(config.dataDir) : () => {};
  // The embedded database is reopened in place after a fatal failure (lib/db/recovery.ts).
  const recoverable =
    config.dbKind === 'pglite'
      ? openRecoverable({ dataDir: config.dataDir, onOpening: (opening) => watchdog?.setLimit(opening ? STARTUP_WATCHDOG_MS : config.WATCHDOG_MS) })
      : null;
  const db = recoverable?.handle ?? openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  setDbHandle(db);
  await migrate(db.db, db.kind);
  const logins = await seed(db.db, {
    dataDir: config.dataDir,
    rootEmail: config.ROOT_EMAIL,
    rootPassword: config.ROOT_PASSWORD,
    demoData: config.DEMO_DATA,
  });
  // After the database opened: the embedded one writes its first files 0666 whatever the umask.
  secureDataDirs([config.dataDir, config.uploadDir]);
  await sweepAtStart(db.db, config.uploadDir);
  startEventLogs(); // access events of projects with the extension on, written in batches
  if (logins.length > 0) {
    // Printed once on first start (and kept in files only the owner can read); never logged.
    const lines = logins.map((l) => `  ${l.note.padEnd(14)} ${l.email.padEnd(22)} ${l.password}   (${l.file})`);
    process.stdout.write(`\nFirst start: these logins were created.\n${lines.join('\n')}\n\n`);
  }

  const app = next({ dev, dir: process.cwd() });
  await app.prepare();
  // Loaded once Next is ready: the invoice emails reach modules that need its request storage.
  const invoiceJobs = (await import('./lib/invoices/scheduler')).startInvoiceScheduler(db.db);
  // Scheduled blog posts: state in the rows, so it resumes after a restart.
  const blogJobs = (await import('./lib/blog/scheduler')).startBlogScheduler(db.db);
  const photomagikJobs = (await import('./lib/photomagik/queue')).startPhotomagikWorker(db.db);
  const handle = app.getRequestHandler();
  const direct = dev ? null : directApi(path.resolve('.next'));
  const https = config.PUBLIC_URL.startsWith('https://');
  const fixedHeaders = securityHeaders(https);
  const collector = dev ? null : startIdleCollector();
  const realtime = createRealtime({ onActivity: collector?.touch });
  const staticDir = path.resolve('.next', 'static');

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    collector?.touch();
    const incoming = req.headers['x-request-id'];
    const reqId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const started = performance.now();
    req.headers['x-request-id'] = reqId;
    res.setHeader('X-Request-Id', reqId);
    for (const [name, value] of Object.entries(fixedHeaders)) res.setHeader(name, value);
    res.on('finish', () => {
      // The path only: query strings may carry tokens.
      const path = (req.url ?? '').split('?')[0];
      recordPage(req, res, performance.now() - started);
      requestContext.run({ reqId }, () =>
        logger.info({ method: req.method, path, status: res.statusCode, ms: Math.round(performance.now() - started) }, 'request'),
      );
    });
    // One address per request, chosen here: the hop our trusted proxy appended (the last
    // one; earlier ones are whatever the client sent), else the socket's peer.
    // Both headers carry it, since Next fills a missing X-Forwarded-For with the socket's.
    const forwarded = String(req.headers['x-forwarded-for'] ?? '')
      .split(',')
      .pop()
      ?.trim();
    const ip = (config.TRUST_PROXY && forwarded) || req.socket.remoteAddress || '';
    req.headers['x-forwarded-for'] = ip;
    req.headers['x-real-ip'] = ip;
    if (!dev && serveStaticAsset(staticDir, req, res)) return;
    const bot = isBot(req.headers['user-agent']);
    const key = dev ? null : pageKey(req, bot);
    if (key && servePage(key, req, res)) return;
    let memberKey = dev ? null : memberPageKey(req, bot);
    let wrapped = false;
    const wrap = (onHtml?: (body: Buffer) => void) => {
      wrapped = true;
      varyPage(req, res);
      // Under the CSP layer: it compresses what that layer passes on (not pages, which it encodes whole).
      if (!dev) compressStream(req, res);
      applyCsp(res, dev, bot, onHtml);
    };
    if (!memberKey) wrap(key ? (body) => storePage(key, res, body) : undefined);
    requestContext.run({ reqId, at: started }, async () => {
      try {
        const cookie = req.headers.cookie;
        await refreshForNavigation(req, res);
        if (memberKey) {
          // A renewed or ended session makes another request than the one a kept page answered.
          if (req.headers.cookie !== cookie || res.hasHeader('set-cookie')) memberKey = null;
          if (memberKey && (await serveMemberPage(memberKey, req, res))) return;
          wrap();
          if (memberKey) recordMemberPage(memberKey, res);
        }
        if (!(await direct?.(req, res))) await handle(req, res);
      } catch (error) {
        logger.error({ err: errorText(error) }, 'unhandled request error');
        if (!wrapped) wrap();
        if (!res.headersSent) res.statusCode = isDatabaseUnavailable(error) ? 503 : 500;
        res.end();
      }
    });
  });

  server.on('upgrade', (req, socket, head) => {
    if (realtime.upgrade(req, socket, head)) return;
    // Next listens for its own /_next/ upgrades (dev reloads); anything else is refused.
    if (!(req.url ?? '').startsWith('/_next/')) socket.destroy();
  });
  // Next attaches an 'upgrade' listener of its own on the first request it handles; it
  // would answer (and close) our sockets too, so it only ever sees /_next/ upgrades.
  const on = server.on.bind(server);
  server.on = server.addListener = ((event: string, listener: (...args: unknown[]) => void) => {
    if (event !== 'upgrade') return on(event, listener);
    return on(event, (req: IncomingMessage, ...rest: unknown[]) => {
      if ((req.url ?? '').startsWith('/_next/')) listener(req, ...rest);
    });
  }) as typeof server.on;

  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  watchdog?.setLimit(config.WATCHDOG_MS);
  logger.info({ port, host: config.HOST, db: dbKind(), dev, watchdogMs: config.WATCHDOG_MS }, `Atrio listening on http://localhost:${port}`);

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS - 500);
    force.unref();
    // Stop accepting; in-flight requests finish, idle keep-alive sockets close now.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    invoiceJobs.stop();
    blogJobs.stop();
    photomagikJobs.stop();
    await realtime.close();
    const stragglers = setTimeout(() => server.closeAllConnections(), SHUTDOWN_LIMIT_MS - 3000);
    await closed;
    clearTimeout(stragglers);
    // The last access events, up to two seconds' worth, go in before the database closes.
    await flushEvents();
    recoverable?.stop();
    await closeDb();
    unlock();
    logger.info('shutdown complete');
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  const message = errorText(error);
  process.stderr.write(`Atrio could not start: ${message}\n`);
  process.exit(1);
});
