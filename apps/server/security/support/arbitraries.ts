/**
 * fast-check arbitraries derived from JSON schemas: values a schema accepts, hostile values that
 * probe what lies behind it, and whole requests (body, query, path and headers) for a route.
 */
import fc from 'fast-check';
import { JsonObject, percentEncode, toJson, toText, type Json } from './json.js';
import { mistypedValues } from './mistyped.js';
import { anyJson, BROKEN_BODIES, CONTENT_TYPES, hostileValue, PROTOTYPE_KEYS, RAW_URL_VALUES } from './hostile.js';
import { fillPath, type DocumentedRoute, type JsonSchema, type RouteParameter } from './routes.js';

/** Values known to mean something in the database under test (site ids, record ids), by field name. */
export type Hints = Readonly<Record<string, readonly Json[]>>;

const INT4_MAX = 2 ** 31 - 1;

/** Real calendar days and months, for fields whose pattern is a day or a month. */
const someDate = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true });
const day = someDate.map((date) => date.toISOString().slice(0, 10));
const month = someDate.map((date) => date.toISOString().slice(0, 7));

/** A value the schema accepts (the schema's own bounds), preferring the hinted values of the field. */
export function validValue(schema: JsonSchema, field = '', hints: Hints = {}): fc.Arbitrary<Json> {
  const own = schemaValue(schema, hints);
  // A hint is offered only where the field's schema takes it (ownerId 0 = 未绑定 filters a list, but a new customer's owner is an id).
  const hinted = hints[field]?.filter((value) => fits(schema, value));
  return hinted && hinted.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...hinted), weight: 3 }, { arbitrary: own, weight: 1 }) : own;
}

/** Whether a hinted value meets the schema's type and bounds (the parts hints can break). */
function fits(schema: JsonSchema, value: Json): boolean {
  if (schema.anyOf && schema.anyOf.length > 0) return schema.anyOf.some((option) => fits(option, value));
  if (schema.enum && schema.enum.length > 0) return (schema.enum as Json[]).includes(value);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return typeof value === 'number' && (schema.type === 'number' || Number.isInteger(value)) && value >= (schema.minimum ?? -Infinity) && value <= (schema.maximum ?? Infinity);
    case 'string':
      return typeof value === 'string' && value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity) && (!schema.pattern || new RegExp(schema.pattern).test(value));
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return true;
  }
}

function schemaValue(schema: JsonSchema, hints: Hints): fc.Arbitrary<Json> {
  if (schema.anyOf && schema.anyOf.length > 0) return fc.oneof(...schema.anyOf.map((option) => schemaValue(option, hints)));
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as Json[]));
  if (schema.const !== undefined) return fc.constant(schema.const as Json);
  switch (schema.type) {
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -INT4_MAX, Number.MIN_SAFE_INTEGER), max: Math.min(schema.maximum ?? INT4_MAX, Number.MAX_SAFE_INTEGER) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true }).map((value) => Math.round(value * 100) / 100);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringValue(schema);
    case 'array':
      return fc.array(schema.items ? schemaValue(schema.items, hints) : anyJson, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 5, 5)),
      });
    case 'object':
      return objectValue(schema, hints);
    default:
      return anyJson;
  }
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = schema.maxLength ?? 64;
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const matching = fc.stringMatching(pattern).filter((text) => text.length >= minLength && text.length <= maxLength);
    // A pattern that holds days or months also gets real ones, which reach further than random digits.
    if (pattern.test('2026-01-15')) return fc.oneof(day, matching);
    if (pattern.test('2026-01')) return fc.oneof(month, matching);
    return matching;
  }
  return fc.string({ minLength, maxLength: Math.min(maxLength, 40), unit: fc.oneof(fc.constantFrom('张', '伟', '华', '东', '客'), fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' })) });
}

function objectValue(schema: JsonSchema, hints: Hints): fc.Arbitrary<Json> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  if (properties.length === 0) return fc.constant(new JsonObject([]));
  const parts = properties.map(([name, property]) => {
    const value = validValue(property, name, hints).map((item): [string, Json] => [name, item]);
    return required.has(name) ? value.map((entry): [string, Json] | null => entry) : fc.option(value, { nil: null });
  });
  return fc.tuple(...parts).map((entries) => new JsonObject(entries.filter((entry): entry is [string, Json] => entry !== null)));
}

export interface FuzzRequest {
  method: DocumentedRoute['method'];
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  /** Which session the request carries: none, a role's, or a hostile Authorization header (authorizationFor). */
  identity: string;
  /** What the request does to the route, for the report. */
  attack: string;
}

export interface RequestOptions {
  /** The roles whose sessions a request may carry (anonymous and hostile headers are always possible). */
  roles: readonly string[];
  hints: Hints;
  /** Bytes of the oversized body (over the route's body limit). */
  oversizedBytes: number;
}

type Part = { text: string; attack: string };

/** A query string: schema-valid values, hostile ones, unknown and prototype keys, broken encodings. */
function queryPart(parameters: readonly RouteParameter[], hints: Hints): fc.Arbitrary<Part> {
  const value = (parameter: RouteParameter) =>
    fc.oneof(
      { arbitrary: validValue(parameter.schema, parameter.name, hints).map((item) => ({ text: percentEncode(toText(item)), attack: '' })), weight: 6 },
      { arbitrary: hostileValue.map((item) => ({ text: percentEncode(toText(item)), attack: `query ${parameter.name} hostile` })), weight: 3 },
      { arbitrary: fc.constantFrom(...RAW_URL_VALUES).map((text) => ({ text, attack: `query ${parameter.name} raw` })), weight: 1 },
    );
  const entries = parameters.map((parameter) =>
    fc.option(value(parameter).map((part) => ({ text: `${parameter.name}=${part.text}`, attack: part.attack })), {
      nil: null,
      freq: parameter.required ? 10 : 2,
    }),
  );
  const extras = fc.constantFrom('', '', '', '&__proto__[isLeader]=true', '&constructor[prototype][x]=1', '&siteId=101&siteId=102', '&a[b][c][d][e]=1', `&x=${'y'.repeat(9_000)}`, '&&&==&');
  return fc.tuple(fc.tuple(...entries), extras).map(([parts, extra]) => {
    const present = parts.filter((part): part is Part => part !== null);
    const attacks = present.map((part) => part.attack).filter(Boolean);
    if (extra) attacks.push(`query extra ${extra.slice(0, 30)}`);
    return { text: present.map((part) => part.text).join('&') + extra, attack: attacks.join('; ') };
  });
}

function pathPart(route: DocumentedRoute, hints: Hints): fc.Arbitrary<Part> {
  if (route.params.length === 0) return fc.constant({ text: route.path, attack: '' });
  const values = route.params.map((parameter) =>
    fc.oneof(
      validValue(parameter.schema, parameter.name, hints).map((item) => ({ name: parameter.name, text: percentEncode(toText(item)), attack: '' })),
      hostileValue.map((item) => ({ name: parameter.name, text: percentEncode(toText(item)), attack: `path ${parameter.name} hostile` })),
      fc.constantFrom(...RAW_URL_VALUES).map((text) => ({ name: parameter.name, text, attack: `path ${parameter.name} raw` })),
    ),
  );
  return fc.tuple(...values).map((parts) => ({
    text: fillPath(route.path, Object.fromEntries(parts.map((part) => [part.name, part.text]))),
    attack: parts.map((part) => part.attack).filter(Boolean).join('; '),
  }));
}

/** A body: valid, valid with one field made hostile, with prototype keys, of another type, broken or oversized. */
function bodyPart(schema: JsonSchema | undefined, options: RequestOptions): fc.Arbitrary<Part> {
  const valid = schema ? validValue(schema, '', options.hints) : anyJson;
  const fields = Object.keys(schema?.properties ?? {});
  const withHostileField =
    fields.length > 0
      ? fc.tuple(valid, fc.constantFrom(...fields, '__unknown__'), hostileValue).map(([body, field, bad]) => ({
          text: toJson(body instanceof JsonObject ? body.with(field, bad) : new JsonObject([[field, bad]])),
          attack: `body ${field} = ${toJson(bad).slice(0, 40)}`,
        }))
      : hostileValue.map((bad) => ({ text: toJson(new JsonObject([['x', bad]])), attack: `body x = ${toJson(bad).slice(0, 40)}` }));
  const withPrototype = fc.tuple(valid, fc.constantFrom(...PROTOTYPE_KEYS)).map(([body, extra]) => ({
    text: toJson(new JsonObject([...(body instanceof JsonObject ? body.entries : []), ...extra.entries])),
    attack: `body prototype key ${toJson(extra).slice(0, 40)}`,
  }));
  return fc.oneof(
    { arbitrary: valid.map((body) => ({ text: toJson(body), attack: 'valid body' })), weight: 40 },
    { arbitrary: withHostileField, weight: 80 },
    { arbitrary: withPrototype, weight: 10 },
    { arbitrary: hostileValue.map((bad) => ({ text: toJson(bad), attack: `body is ${toJson(bad).slice(0, 40)}` })), weight: 10 },
    { arbitrary: fc.constantFrom(...BROKEN_BODIES).map((text) => ({ text, attack: `broken body ${JSON.stringify(text.slice(0, 30))}` })), weight: 10 },
    { arbitrary: fc.constant({ text: `{"x":"${'x'.repeat(options.oversizedBytes)}"}`, attack: 'oversized body' }), weight: 1 },
  );
}

function headerValue(parameter: RouteParameter, hints: Hints): fc.Arbitrary<string | null> {
  const latin1 = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');
  return fc.option(
    fc.oneof(
      validValue(parameter.schema, parameter.name, hints).map((value) => latin1(toText(value))),
      hostileValue.map((value) => latin1(toText(value)).slice(0, 8_000)),
    ),
    { nil: null },
  );
}

/** The Authorization header of an identity: a role's own token, a hostile variant of one, or none. */
export function authorizationFor(identity: string, tokens: Readonly<Record<string, string>>): string | undefined {
  const someToken = Object.values(tokens)[0] ?? '';
  switch (identity) {
    case 'anonymous':
      return undefined;
    case 'hostile:Bearer':
      return `Bearer ${someToken}`;
    case 'hostile:long':
      return 'a'.repeat(8_000);
    case 'hostile:garbage':
      return "' or 1=1 --";
    case 'hostile:token+':
      return `${someToken}x`;
    default:
      return tokens[identity] ?? '';
  }
}

/** Every part of one request to a route but its Authorization header (see authorizationFor). */
export function requestFor(route: DocumentedRoute, options: RequestOptions): fc.Arbitrary<FuzzRequest> {
  const identities = fc.oneof(
    { arbitrary: fc.constantFrom(...options.roles), weight: 6 },
    { arbitrary: fc.constant('anonymous'), weight: 2 },
    { arbitrary: fc.constantFrom('hostile:Bearer', 'hostile:long', 'hostile:garbage', 'hostile:token+'), weight: 1 },
  );
  const sendsBody = route.method !== 'GET';
  return fc
    .record({
      identity: identities,
      path: pathPart(route, options.hints),
      query: queryPart(route.query, options.hints),
      body: sendsBody ? bodyPart(route.body, options) : fc.constant({ text: '', attack: '' }),
      contentType: fc.oneof({ arbitrary: fc.constant<string | undefined>('application/json'), weight: 8 }, { arbitrary: fc.constantFrom(...CONTENT_TYPES), weight: 1 }),
      headers: fc.tuple(...route.headers.map((parameter) => headerValue(parameter, options.hints).map((value): [string, string | null] => [parameter.name, value]))),
      platform: fc.constantFrom('H5', 'H5', 'H5', '', 'x'.repeat(2_000), '../', '%00'),
    })
    .map(({ identity, path, query, body, contentType, headers, platform }) => {
      const requestHeaders: Record<string, string> = { platform, version: '2.0.1' };
      for (const [name, value] of headers) if (value !== null) requestHeaders[name] = value;
      let payload: string | undefined;
      if (sendsBody && (route.body || body.attack !== 'valid body')) {
        payload = body.text;
        if (contentType !== undefined) requestHeaders['content-type'] = contentType;
      }
      const attacks = [path.attack, query.attack, sendsBody ? body.attack : '', contentType === 'application/json' || !sendsBody ? '' : `content-type ${contentType ?? 'none'}`];
      return {
        method: route.method,
        url: query.text ? `${path.text}?${query.text}` : path.text,
        headers: requestHeaders,
        payload,
        identity,
        attack: attacks.filter(Boolean).join('; ') || 'valid request',
      };
    });
}

/** A request whose JSON body is valid but for one field, which holds a value of a type its schema refuses. */
export interface MistypedRequest extends FuzzRequest {
  /** The body field that holds the wrongly typed value. */
  field: string;
}

/** The body fields of a route that can be sent with a wrong type, with those values. */
export function mistypedFields(route: DocumentedRoute): [string, Json[]][] {
  if (route.method === 'GET' || !route.body) return [];
  return Object.entries(route.body.properties ?? {})
    .map(([field, schema]): [string, Json[]] => [field, mistypedValues(schema)])
    .filter(([, values]) => values.length > 0);
}

/**
 * A request to a route with a JSON body as one of the given roles: a body the schema accepts with
 * one typed field replaced by a value of a JSON type it refuses — null, a boolean, a list or text
 * for a number, a number or list for a text. Headers (hinted: the API key) and query are valid,
 * so the only fault is the field's type. The body's values are the schema's own, not the hints:
 * the schema is checked before anything looks at what they mean, and a hint may not fit every
 * field of its name (a QR payload is longer than a verification code). Null when the route has
 * no such field.
 */
export function mistypedRequestFor(route: DocumentedRoute, options: Pick<RequestOptions, 'roles' | 'hints'>): fc.Arbitrary<MistypedRequest> | null {
  const fields = mistypedFields(route);
  if (fields.length === 0 || !route.body) return null;
  const mistyped = fc.constantFrom(...fields).chain(([field, values]) => fc.constantFrom(...values).map((value) => ({ field, value })));
  const query = fc.tuple(...route.query.map((parameter) => validValue(parameter.schema, parameter.name, options.hints).map((value) => `${parameter.name}=${percentEncode(toText(value))}`)));
  // A header with hints (the API key) always gets one: a wrong key is refused before the body is read.
  const headerValue = (parameter: RouteParameter) => {
    const hinted = options.hints[parameter.name];
    return hinted && hinted.length > 0 ? fc.constantFrom(...hinted) : validValue(parameter.schema, parameter.name, options.hints);
  };
  const headers = fc.tuple(...route.headers.map((parameter) => headerValue(parameter).map((value): [string, string] => [parameter.name, toText(value)])));
  const params = fc.tuple(...route.params.map((parameter) => validValue(parameter.schema, parameter.name, options.hints).map((value): [string, string] => [parameter.name, percentEncode(toText(value))])));
  return fc
    .record({ identity: fc.constantFrom(...options.roles), body: validValue(route.body), mistyped, query, headers, params })
    .map(({ identity, body, mistyped: { field, value }, query: queryParts, headers: headerParts, params: paramParts }) => {
      const object = body instanceof JsonObject ? body : new JsonObject([]);
      const path = fillPath(route.path, Object.fromEntries(paramParts));
      return {
        method: route.method,
        url: queryParts.length > 0 ? `${path}?${queryParts.join('&')}` : path,
        headers: { platform: 'H5', version: '2.0.1', 'content-type': 'application/json', ...Object.fromEntries(headerParts) },
        payload: toJson(object.with(field, value)),
        identity,
        attack: `body ${field} = ${toJson(value).slice(0, 40)}`,
        field,
      };
    });
}
