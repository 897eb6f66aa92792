import fc from 'fast-check';

// The bad input classes the route fuzz sends, as fast-check arbitraries. A value that JSON
// cannot carry as an object (a body nested 20,000 deep, a number past double precision) is
// a Raw piece of JSON text, spliced in by `toJson` as is.

/** JSON text sent verbatim where a value goes. */
export class Raw {
  constructor(readonly text: string) {}
}

/** Serializes a generated value; Raw pieces go in as they are (JSON.stringify would overflow on them). */
export function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const MEGABYTE = 'x'.repeat(1024 * 1024);
// Just under the 1 MB JSON limit with its framing: long enough to reach the schema and the database.
const NEAR_LIMIT = 'x'.repeat(1_000_000);
const around = (middle: fc.Arbitrary<string>) => fc.tuple(fc.string({ maxLength: 6 }), middle, fc.string({ maxLength: 6 })).map(([a, m, b]) => a + m + b);

/** Text the database cannot store: NUL, or half of a surrogate pair (either half, or both in the wrong order). */
export const poison = around(fc.constantFrom('\u0000', '\ud800', '\udfff', '\udc00\ud800', '\u0000\ud83d'));

/** Poison a URL can carry: NUL (%00). A lone surrogate cannot be percent-encoded; it arrives as U+FFFD. */
export const urlPoison = around(fc.constant('\u0000'));

const control = around(
  fc.oneof(
    fc.integer({ min: 1, max: 31 }).map((c) => String.fromCharCode(c)),
    fc.constant('\u007f'),
  ),
);
const deep = fc
  .tuple(fc.constantFrom('[', '{"a":'), fc.constantFrom(64, 2_000, 20_000))
  .map(([open, depth]) => new Raw(open.repeat(depth) + '1' + (open === '[' ? ']' : '}').repeat(depth)));
const huge = fc
  .constantFrom('1e308', '-1e308', '1e400', '9007199254740993', '123456789012345678901234567890', '-0', '5e-324', '1.7976931348623157e308')
  .map((t) => new Raw(t));
const wrongType = fc.oneof(fc.boolean(), fc.integer(), fc.constant(null), fc.constant([]), fc.constant({}), fc.array(fc.string(), { maxLength: 3 }));
const oddText = fc.oneof(
  fc.constantFrom(MEGABYTE, NEAR_LIMIT),
  fc.constantFrom('', ' ', '../../etc/passwd', '%00', '\\', "'; drop table users; --", '<script>', '-1', 'NaN', '💥'.repeat(50)),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Any bad value except poison: what a request may carry and still be one the server accepts. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(control, oddText, deep, huge, wrongType);
/** Any bad value, poison included. */
export const anyBad: fc.Arbitrary<unknown> = fc.oneof(poison, badValue);
/** Bad text for a URL segment or query value (a URL carries text only). */
export const badText: fc.Arbitrary<string> = fc.oneof(
  poison,
  control,
  oddText,
  huge.map((r) => r.text),
);

/** Whole bodies that are no JSON object: wrong top-level types, malformed text, deep nesting. */
export const brokenBody = fc.oneof(
  fc.constantFrom('[]', '"text"', '1', 'null', 'true', '{', '{"a":', '{"a":1}}', '{"a":1,}', "{'a':1}", '\u0000', '\ufeff{}', 'undefined'),
  // Nested arrays: a deep object would be a valid one with an unknown field.
  fc.constantFrom(64, 20_000).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
);

type Path = (string | number)[];

/** The paths of a template's leaves (its primitive values and empty containers). */
export function leafPaths(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value) && value.length > 0) return value.flatMap((v, i) => leafPaths(v, [...path, i]));
  if (value && typeof value === 'object' && Object.keys(value).length > 0) return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...path, k]));
  return path.length > 0 ? [path] : [];
}

/** A copy of `value` with `replacement` at `path` (the root when the path is empty). */
export function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}
