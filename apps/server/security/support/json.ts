/**
 * JSON as a fuzz writes it: besides plain values, raw tokens JSON.stringify cannot produce (1e309,
 * a 5,000-deep nesting) and objects with keys a JS literal cannot hold (__proto__).
 */

/** Text written into the JSON as it is. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object as a list of entries, so `__proto__` and repeated keys survive to the wire. */
export class JsonObject {
  constructor(readonly entries: readonly (readonly [string, Json])[]) {}

  with(key: string, value: Json): JsonObject {
    return new JsonObject([...this.entries.filter(([name]) => name !== key), [key, value]]);
  }
}

export type Json = null | boolean | number | string | RawJson | JsonObject | readonly Json[];

/** The JSON text of a value; NaN and ±Infinity become the raw tokens no parser accepts. */
export function toJson(value: Json): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonObject) return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map((item: Json) => toJson(item)).join(',')}]`;
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return JSON.stringify(value);
}

/** The value as a query-string or path value: strings as they are, everything else as its JSON text. */
export function toText(value: Json): string {
  return typeof value === 'string' ? value : toJson(value);
}

/**
 * Percent-encodes text byte by byte. Unlike encodeURIComponent it does not throw on a lone
 * surrogate: it writes the surrogate's own (invalid in UTF-8) bytes, which is what a hostile
 * client sends.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (/^[A-Za-z0-9\-_.~]$/.test(char)) out += char;
    else if (code >= 0xd800 && code <= 0xdfff) out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(char);
  }
  return out;
}
