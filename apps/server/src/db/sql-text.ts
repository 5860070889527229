/**
 * Statements built on every call, rendered cheaply (issue 29).
 *
 * drizzle renders each chunk of a statement through a chain of type checks (is(): a prototype walk
 * per kind it tries, ten kinds before it knows a value) and merges each level's text and values
 * into new strings and arrays. 部门销售业绩's and home's statements hold hundreds of chunks: at 1×,
 * rendering them was a fifth of the server's work on every call.
 *
 * - `named`: a column or table interpolated as its quoted name, rendered once, is a piece of text
 *   to drizzle, which it copies as it is.
 * - `asText`: a constant fragment (columns, no values) rendered once.
 * - `StatementMemo`: a statement built and rendered once for every call whose key is the same.
 * - `rendered`: a whole statement rendered here in one pass, into one list of text pieces and one of
 *   values; drizzle then executes that text and those values as they are. Only what such statements
 *   hold is rendered here (text, nested statements, columns, tables, names, values, parameters with
 *   their column's encoding, lists); a statement holding anything else (a placeholder, a subquery
 *   object, inlined values) is left to drizzle whole, so the text is always drizzle's own.
 */
import { Column, Name, Param, Placeholder, SQL, sql, StringChunk, Table, type Query } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';

const dialect = new PgDialect();
const names = new WeakMap<Column | Table, StringChunk>();

/** A column's qualified name ("performance_daily"."day") or a table's ("performance_daily"), as text. */
export function named(entity: Column | Table): StringChunk {
  let chunk = names.get(entity);
  if (chunk === undefined) {
    chunk = new StringChunk(dialect.sqlToQuery(sql`${entity}`).sql);
    names.set(entity, chunk);
  }
  return chunk;
}

/** A fragment that holds no value as its text, rendered once: for a constant built from columns. */
export function asText(fragment: SQL): StringChunk {
  const query = dialect.sqlToQuery(fragment);
  if (query.params.length > 0) throw new Error('asText: the fragment holds values');
  return new StringChunk(query.sql);
}

/** A statement already rendered: drizzle's execute takes its text and values as they are. */
class RenderedSQL extends SQL {
  constructor(private readonly query: Query) {
    super([]);
  }

  override toQuery(): Query {
    return this.query;
  }
}

/** Thrown inside the renderer when a chunk is one only drizzle renders. */
const DRIZZLE_ONLY = Symbol('drizzle only');

/**
 * `statement` rendered in one pass, to the text and values drizzle would render it to (the tests
 * compare them), for `db.execute`. A statement holding a chunk this renderer does not know is
 * returned as it is, for drizzle to render.
 */
export function rendered(statement: SQL): SQL {
  const text: string[] = [];
  const params: unknown[] = [];
  try {
    renderChunks(statement, text, params);
  } catch (error) {
    if (error === DRIZZLE_ONLY) return statement;
    throw error;
  }
  return new RenderedSQL({ sql: text.join(''), params });
}

function renderChunks(statement: SQL, text: string[], params: unknown[]): void {
  // Inlined values (sql.inlineParams()) are written into the text by drizzle's own escaping.
  if ((statement as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw DRIZZLE_ONLY;
  for (const chunk of statement.queryChunks) renderChunk(chunk, text, params);
}

function renderChunk(chunk: unknown, text: string[], params: unknown[]): void {
  if (chunk instanceof StringChunk) {
    for (const piece of chunk.value) text.push(piece);
  } else if (chunk instanceof SQL) {
    renderChunks(chunk, text, params);
  } else if (chunk === undefined) {
    // drizzle renders nothing for it.
  } else if (isValue(chunk)) {
    params.push(chunk);
    text.push(`$${params.length}`);
  } else if (chunk instanceof Column || chunk instanceof Table) {
    for (const piece of named(chunk).value) text.push(piece);
  } else if (chunk instanceof Name) {
    text.push(dialect.escapeName(chunk.value));
  } else if (chunk instanceof Param) {
    if (chunk.value instanceof Placeholder) throw DRIZZLE_ONLY;
    const value: unknown = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
    if (value instanceof SQL) renderChunks(value, text, params);
    else {
      params.push(value);
      text.push(`$${params.length}`);
    }
  } else if (Array.isArray(chunk)) {
    text.push('(');
    chunk.forEach((item: unknown, index) => {
      if (index > 0) text.push(', ');
      renderChunk(item, text, params);
    });
    text.push(')');
  } else {
    throw DRIZZLE_ONLY;
  }
}

/** A value drizzle sends as a parameter as it is: a primitive, null or a Date. */
function isValue(chunk: unknown): boolean {
  const type = typeof chunk;
  return type === 'string' || type === 'number' || type === 'boolean' || type === 'bigint' || chunk === null || chunk instanceof Date;
}

/**
 * Rendered statements kept by a key that determines them wholly: a dashboard's statement is a pure
 * function of its query (site, person, the days of its ranges, the scope it is read for), and
 * everyone who opens the same page on the same day asks for the same one. Building and rendering
 * it was ~18 % of the server's work on 部门销售业绩. A caller's key must hold everything its
 * statement is built from; a new day, scope or period is a new key.
 */
export class StatementMemo {
  private readonly kept: LRUCache<string, SQL>;

  constructor(max = 500) {
    this.kept = new LRUCache<string, SQL>({ max });
  }

  get(key: string, build: () => SQL): SQL {
    let statement = this.kept.get(key);
    if (statement === undefined) {
      statement = build();
      this.kept.set(key, statement);
    }
    return statement;
  }
}
