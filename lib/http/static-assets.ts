import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { acceptedEncoding, encode, MIN_COMPRESS_BYTES, type Encoding } from './compress';

// The build's scripts and styles are named by their content and never change, so each is
// compressed once, when the build is made, at the best ratio (brotli 11, gzip 9), and sent
// from memory: no compression per request, and the first visitor waits for none.

const PREFIX = '/_next/static/';
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of the build's static folder. */
export function precompressStatic(dir: string): { files: number; bytes: number; encoded: number } {
  const totals = { files: 0, bytes: 0, encoded: 0 };
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (TYPES[path.extname(name)] && statSync(file).size >= MIN_COMPRESS_BYTES) {
        const body = readFileSync(file);
        const br = encode(body, 'br', true);
        writeFileSync(`${file}.br`, br);
        writeFileSync(`${file}.gz`, encode(body, 'gzip', true));
        totals.files += 1;
        totals.bytes += body.length;
        totals.encoded += br.length;
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return totals;
}

type Asset = { body: Buffer; type: string; etag: string };
// Only files that exist are kept (misses are not, or made-up names would fill it): at most the build.
const assets = new Map<string, Asset>();

function load(staticDir: string, relative: string, encoding: Encoding): Asset | null {
  const key = `${encoding}:${relative}`;
  const known = assets.get(key);
  if (known) return known;
  const type = TYPES[path.extname(relative)];
  const file = path.join(staticDir, relative) + SUFFIX[encoding];
  // Only files inside the folder, and only those the build compressed.
  if (!type || !file.startsWith(staticDir + path.sep) || !existsSync(file)) return null;
  const asset = { body: readFileSync(file), type, etag: `"${path.basename(relative)}-${encoding}"` };
  assets.set(key, asset);
  return asset;
}

/**
 * Answers a request for a compressed file of the build from memory; false leaves it to Next
 * (a browser that takes no compression, a file too small to have been compressed, a miss).
 */
export function serveStaticAsset(staticDir: string, req: IncomingMessage, res: ServerResponse): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith(PREFIX)) return false;
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  if (!encoding) return false;
  let relative: string;
  try {
    relative = path.normalize(decodeURIComponent(req.url.slice(PREFIX.length).split('?')[0]));
  } catch {
    return false;
  }
  if (relative.startsWith('..') || path.isAbsolute(relative)) return false;
  const asset = load(staticDir, relative, encoding);
  if (!asset) return false;
  res.setHeader('Cache-Control', IMMUTABLE);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', asset.etag);
  if (req.headers['if-none-match'] === asset.etag) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', asset.type);
  res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', asset.body.length);
  res.end(req.method === 'HEAD' ? undefined : asset.body);
  return true;
}
