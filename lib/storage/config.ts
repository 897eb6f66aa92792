import { z } from 'zod';
import { isValidKey } from './keys';

// STORAGE_URL, read by lib/env.ts. Pure parsing: nothing here loads the S3 client.

export type S3Credentials = { accessKeyId: string; secretAccessKey: string };

/** Where uploads go when STORAGE_URL names a bucket. */
export type S3Config = {
  driver: 's3';
  /** `http(s)://host[:port]`, requests are path-style: `<endpoint>/<bucket>/<key>`. */
  endpoint: string;
  region: string;
  bucket: string;
  /** Put before every key, empty or ending in `/`: several deployments can share a bucket. */
  prefix: string;
  /** The URL without its credentials, safe to log. */
  display: string;
  /** From the URL, or (absent) the AWS SDK's own chain: AWS_ACCESS_KEY_ID/…, a role. Not enumerable. */
  credentials?: S3Credentials;
};

export type StorageConfig = { driver: 'local'; dir: string } | S3Config;

export const STORAGE_URL_FORMAT = 's3://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[/prefix][?region=…&tls=false]';

// AWS's rules for new buckets: 3–63 lowercase letters, digits, dots and hyphens, letter or digit at both ends.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,40}$/;
const TLS: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };
const PARAMS = new Set(['region', 'tls']);

class Refused extends Error {}

function decoded(part: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new Refused(`${what} with valid percent-escapes`);
  }
}

/** The parsed STORAGE_URL; throws with what was expected, never echoing the value (it holds a secret). */
export function parseStorageUrl(value: string): S3Config {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Refused(STORAGE_URL_FORMAT);
  }
  if (url.protocol !== 's3:' || !url.hostname) throw new Refused(STORAGE_URL_FORMAT);
  if (url.hash) throw new Refused(`${STORAGE_URL_FORMAT} without a #fragment`);
  if (Boolean(url.username) !== Boolean(url.password)) throw new Refused('both an access key and a secret key, or neither');

  const [bucket = '', ...rest] = url.pathname.replace(/^\//, '').replace(/\/$/, '').split('/');
  if (!BUCKET.test(bucket)) throw new Refused(`a bucket name (3–63 lowercase letters, digits, dots and hyphens) after the host: ${STORAGE_URL_FORMAT}`);
  const prefix = rest.join('/');
  if (prefix && !isValidKey(prefix)) throw new Refused('a prefix made of letters, digits, dots, dashes and underscores between slashes');

  for (const name of url.searchParams.keys())
    if (!PARAMS.has(name)) throw new Refused(`only the parameters region and tls, not ${JSON.stringify(name.slice(0, 20))}`);
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!REGION.test(region)) throw new Refused('a region such as us-east-1');
  const tlsParam = url.searchParams.get('tls') ?? 'true';
  if (!(tlsParam in TLS)) throw new Refused('tls=true or tls=false');

  const endpoint = `${TLS[tlsParam] ? 'https' : 'http'}://${url.host}`;
  const config: S3Config = {
    driver: 's3',
    endpoint,
    region,
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    display: `s3://${url.host}/${bucket}${prefix ? `/${prefix}` : ''} (${endpoint}, ${region})`,
  };
  if (url.username) {
    const credentials = { accessKeyId: decoded(url.username, 'an access key'), secretAccessKey: decoded(url.password, 'a secret key') };
    // Kept off the enumerable fields, so logging or serializing the configuration never shows it.
    Object.defineProperty(config, 'credentials', { value: credentials, enumerable: false });
  }
  return config;
}

/** STORAGE_URL for lib/env.ts's schema: the parsed configuration, or the reason it was refused. */
export const storageUrl = z.string().transform((value, ctx): S3Config => {
  try {
    return parseStorageUrl(value.trim());
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    ctx.addIssue({ code: 'custom', message: error.message });
    return z.NEVER;
  }
});
