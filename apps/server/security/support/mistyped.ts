/**
 * Values of the wrong JSON type for a field, derived from its schema: what a client that sends
 * `null`, `false`, `[5]` or `"5"` for a number (or a number for a text) puts in a body. A body
 * is not coerced, so each of them must be refused with a 400 that names the field, and nothing
 * may be written.
 */
import { JsonObject, type Json } from './json.js';
import type { JsonSchema } from './routes.js';

export type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

/** A few values of each JSON type, the ones a careless client or a coercing server would turn into something else. */
export const VALUES_OF_TYPE: Readonly<Record<JsonType, readonly Json[]>> = {
  null: [null],
  boolean: [false, true],
  number: [0, 5, 101],
  string: ['', '5', '101', 'true', 'null'],
  array: [[], [5], ['101'], [null]],
  object: [new JsonObject([]), new JsonObject([['value', 5]])],
};

const TYPE_OF: Record<NonNullable<JsonSchema['type']>, JsonType> = {
  null: 'null',
  boolean: 'boolean',
  integer: 'number',
  number: 'number',
  string: 'string',
  array: 'array',
  object: 'object',
};

function typeOfValue(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'boolean' || type === 'number' || type === 'string') return type;
  return 'object';
}

/** The JSON types a schema accepts (an integer counts as a number), or null when it accepts any. */
export function acceptedTypes(schema: JsonSchema): Set<JsonType> | null {
  if (schema.anyOf && schema.anyOf.length > 0) {
    const types = new Set<JsonType>();
    for (const option of schema.anyOf) {
      const accepted = acceptedTypes(option);
      if (!accepted) return null;
      for (const type of accepted) types.add(type);
    }
    return types;
  }
  if (schema.enum && schema.enum.length > 0) return new Set(schema.enum.map(typeOfValue));
  if (schema.const !== undefined) return new Set([typeOfValue(schema.const)]);
  const nullable = (schema as { nullable?: boolean }).nullable === true;
  if (schema.type) return new Set<JsonType>(nullable ? [TYPE_OF[schema.type], 'null'] : [TYPE_OF[schema.type]]);
  return null;
}

/**
 * Values a field's schema refuses by their type alone: every sample of every JSON type it does
 * not accept, and for a list of typed items, a list holding one item of a wrong type.
 */
export function mistypedValues(schema: JsonSchema): Json[] {
  const accepted = acceptedTypes(schema);
  if (!accepted) return [];
  const values: Json[] = [];
  for (const [type, samples] of Object.entries(VALUES_OF_TYPE) as [JsonType, readonly Json[]][]) {
    if (!accepted.has(type)) values.push(...samples);
  }
  const itemTypes = accepted.has('array') && schema.items ? acceptedTypes(schema.items) : null;
  if (itemTypes) {
    for (const [type, samples] of Object.entries(VALUES_OF_TYPE) as [JsonType, readonly Json[]][]) {
      if (!itemTypes.has(type)) values.push([samples[0] ?? null]);
    }
  }
  return values;
}
