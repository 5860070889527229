/** What every answer of the API must hold, whatever was sent: no 5xx, the failure envelope, no internals. */
import { CustomerDuplicateEnvelope } from '@sales/contract';
import type { LightMyRequestResponse } from 'fastify';
import { Value } from 'typebox/value';

/**
 * Text that shows internals: stack frames, source paths, framework error codes, database error
 * texts. The fuzz never sends any of these, so an echo of its input cannot match.
 */
export const LEAK =
  /\bat [\w$.<>]+ \(|\bat .+:\d+:\d+|node_modules|\/work\/|\/src\/|\.(?:ts|js|mjs):\d+|FST_[A-Z_]+|ERR_[A-Z_]{4,}|relation "|syntax error at|violates .*constraint|invalid input syntax|duplicate key value|out of range for type|invalid byte sequence|unsupported Unicode escape|\bPGlite\b|\bdrizzle\b|SyntaxError|TypeError|RangeError|ReferenceError/;
const CHINESE = /[\u4e00-\u9fff]/;
const BINARY = /^(?:application\/pdf|image\/)/;

/** The problems of one response; empty when it is fine. */
export function responseProblems(response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`answered ${status}`);
  for (const [name, value] of Object.entries(response.headers)) {
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    if (LEAK.test(text)) problems.push(`header ${name} leaks: ${text.slice(0, 120)}`);
  }
  const contentType = String(response.headers['content-type'] ?? '');
  if (!BINARY.test(contentType)) {
    const leak = LEAK.exec(response.body);
    if (leak) problems.push(`body leaks ${JSON.stringify(leak[0])}: ${response.body.slice(Math.max(0, leak.index - 60), leak.index + 60)}`);
  }
  if (status >= 400) problems.push(...envelopeProblems(response));
  return problems;
}

/**
 * The failures the contract gives data: 新建客户's 409 names the duplicates it found (a random
 * phone of the fuzz can be a real customer's). Any other failure carries `data: null`.
 */
const FAILURES_WITH_DATA = [CustomerDuplicateEnvelope];

/** A failure must be `{ code: status, msg: Chinese text, data: null }` as JSON, or one of FAILURES_WITH_DATA. */
export function envelopeProblems(response: LightMyRequestResponse): string[] {
  const status = response.statusCode;
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) {
    return [`${status} is not JSON: ${String(response.headers['content-type'])} ${response.body.slice(0, 80)}`];
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return [`${status} body is not valid JSON: ${response.body.slice(0, 80)}`];
  }
  const envelope = body as { code?: unknown; msg?: unknown; data?: unknown } | null;
  const problems: string[] = [];
  if (envelope?.code !== status) problems.push(`${status} envelope code is ${JSON.stringify(envelope?.code)}`);
  if (typeof envelope?.msg !== 'string' || !CHINESE.test(envelope.msg)) problems.push(`${status} msg is not Chinese: ${JSON.stringify(envelope?.msg)}`);
  if (envelope?.data !== null && !FAILURES_WITH_DATA.some((documented) => Value.Check(documented, body))) problems.push(`${status} data is not null`);
  if (Object.keys(envelope ?? {}).sort().join() !== 'code,data,msg') problems.push(`${status} envelope has keys ${Object.keys(envelope ?? {}).join()}`);
  return problems;
}
