/**
 * Hostile values for the fuzz campaigns (arbitraries.ts builds the requests): numbers and strings
 * that probe what lies behind a field, wrong types, deep nesting, prototype keys, bodies that are
 * not the JSON they claim, content types and raw URL values.
 */
import fc from 'fast-check';
import { JsonObject, RawJson, type Json } from './json.js';

/** Any small JSON value. */
export const anyJson: fc.Arbitrary<Json> = fc.jsonValue({ maxDepth: 2 }).map((value) => fromPlain(value));

function fromPlain(value: unknown): Json {
  if (value === null || typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => fromPlain(item));
  return new JsonObject(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, fromPlain(item)]));
}

/** Numbers outside every column's range, or no number at all once parsed. */
export const HOSTILE_NUMBERS: readonly Json[] = [
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('1e-400'),
  new RawJson('-0'),
  new RawJson('123456789012345678901234567890'),
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -(2 ** 63),
  Number.MAX_VALUE,
  -1,
  0,
  0.5,
  1.0000001,
];

/** Strings PostgreSQL or the code behind a field may choke on. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ufeff',
  '\u202e\u4e2d',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '0x7fffffff',
  ' 101 ',
  '１０１',
  '101abc',
  '2026-02-30',
  '0000-00-00',
  '99999-12-31',
  '2026-13',
  'x'.repeat(10_000),
  '张'.repeat(5_000),
  '😀'.repeat(300),
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  "' or '1'='1",
  '1; drop table staff; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '\r\nX-Injected: 1',
  '__proto__',
  'constructor',
];

/** Objects that try to reach the prototype or widen the caller's rights. */
export const PROTOTYPE_KEYS: readonly JsonObject[] = [
  new JsonObject([['__proto__', new JsonObject([['isLeader', true], ['reportAllSites', true]])]]),
  new JsonObject([['constructor', new JsonObject([['prototype', new JsonObject([['polluted', true]])]])]]),
  new JsonObject([['__proto__', null]]),
];

const deep = (depth: number) => new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`);
const deepObject = (depth: number) => new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

/** One hostile value: a bad number or string, a wrong type, deep nesting or a prototype key. */
export const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 4 },
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 5 },
  { arbitrary: fc.constantFrom<Json>(null, true, false, [], new JsonObject([]), [null], ['101'], [101, 102]), weight: 2 },
  { arbitrary: fc.constantFrom<Json>(deep(64), deep(5_000), deepObject(64), deepObject(3_000)), weight: 1 },
  { arbitrary: fc.constantFrom<Json>(...PROTOTYPE_KEYS), weight: 1 },
  { arbitrary: fc.string({ maxLength: 30, unit: 'binary' }), weight: 2 },
  { arbitrary: fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: anyJson, weight: 1 },
);

/** Bodies that are not the JSON their content type says. */
export const BROKEN_BODIES: readonly string[] = [
  '',
  '{',
  '{"siteId":',
  '{"siteId": 101,}',
  "{'siteId': 101}",
  '{"siteId": 101}{"siteId": 102}',
  'null',
  '"text"',
  '[]',
  '\u0000',
  '\ufeff{"siteId": 101}',
  '{"siteId": 101, "siteId": 102}',
  '{"\u0000": 1}',
  '{"a": "\\ud800"}',
  '{"a": "\\u0000"}',
  '{"a": 1e309}',
  'siteId=101&page=1',
];

export const CONTENT_TYPES: readonly (string | undefined)[] = [
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----fuzz',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/xml',
  'application/json, text/html',
  'application/vnd.api+json',
  'application/octet-stream',
  'image/png',
  '*/*',
  ';;;',
];

/** Values a path segment or query value may arrive with, percent-encoded or not. */
export const RAW_URL_VALUES: readonly string[] = ['%zz', '%', '%E0%A4%A', '%ED%A0%80', '%00', '%C0%AE%C0%AE%2F', '..%2F..%2F..%2Fetc%2Fpasswd', '.', '..', 'a'.repeat(5_000), '%2e%2e'];
