/**
 * Columns and tables as text, for statements built on every call (issue 29). drizzle renders each
 * column or table it meets in a statement through a chain of type checks (is(): four prototype walks
 * before it knows a column), and 部门销售业绩's statement holds ~140 of them: its rendering took
 * ~0.28 ms of every call. A column or table interpolated as its quoted name, rendered once, is a
 * piece of text to drizzle, which it copies as it is.
 */
import { sql, StringChunk, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();
const names = new WeakMap<AnyPgColumn | PgTable, StringChunk>();

/** A column's qualified name ("performance_daily"."day") or a table's ("performance_daily"), as text. */
export function named(entity: AnyPgColumn | PgTable): StringChunk {
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
