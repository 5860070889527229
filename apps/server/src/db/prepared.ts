/**
 * Reads as named prepared statements on PostgreSQL (issue 29). drizzle sends every statement
 * unnamed, which PostgreSQL parses and plans on each call; at 100× the plan of 今日待办's statement
 * took as long as running it, and home's and the site page's the same. A named statement is parsed
 * once per connection, and after a few runs PostgreSQL may keep a generic plan for it, so a call
 * then only executes.
 *
 * Named here: a SELECT (or WITH …) sent with parameters, no longer than STATEMENT_TEXT_MAX. Sent
 * with parameters, it already goes through the extended protocol, which allows one statement only,
 * so naming it changes nothing but the caching; its parameters stay parameters, so one statement
 * serves every user and value. The name is the hash of the text: equal texts share it and two texts
 * never do (node-postgres refuses a name reused for another text). Statements without parameters
 * (migrations, DDL, the seed's raw SQL), writes and keyword searches (VALUE_PLANNED) stay unnamed.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import pg from 'pg';

/** Longer texts (a read with thousands of ids in it) are sent unnamed, so no connection keeps them. */
export const STATEMENT_TEXT_MAX = 16_384;

const READ = /^\s*(select|with)\b/i;
/**
 * A keyword search (ILIKE '%…%', the bigram keys' @>): how many rows it keeps depends on the
 * keyword itself, which a generic plan cannot see; planned with its value each time instead (a
 * generic plan of the customer search read the whole site: 4 req/s at 100×, against 39).
 */
const VALUE_PLANNED = /\bi?like\b|@>/i;

/** The statement's name on a connection: its text's hash. */
export function statementName(text: string): string {
  return `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

/**
 * Each text's name, '' for a text sent unnamed (a write, a keyword search): one lookup per call,
 * where the tests would scan all of a long text and hash it.
 */
const namedTexts = new LRUCache<string, string>({ max: 2000 });

/** The name a query is sent under, or undefined when it stays unnamed. */
export function nameFor(text: string, values: readonly unknown[] | undefined): string | undefined {
  if (!values || values.length === 0 || text.length > STATEMENT_TEXT_MAX) return undefined;
  let name = namedTexts.get(text);
  if (name === undefined) {
    name = READ.test(text) && !VALUE_PLANNED.test(text) ? statementName(text) : '';
    namedTexts.set(text, name);
  }
  return name || undefined;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

/** A node-postgres client that sends reads as named prepared statements (the pool's `Client`). */
export class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config, values] = args;
    if (typeof config === 'object' && config !== null) {
      const query = config as QueryConfigLike;
      const params = Array.isArray(values) ? values : Array.isArray(query.values) ? query.values : undefined;
      if (typeof query.submit !== 'function' && query.name === undefined && typeof query.text === 'string') {
        const name = nameFor(query.text, params);
        if (name) args[0] = { ...query, name };
      }
    }
    return (super.query as (...rest: unknown[]) => never)(...args);
  }
}
