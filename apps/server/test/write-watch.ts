/**
 * Tells which tables a request wrote: a row trigger on every table of the test database notes
 * the table's name, and takeWrites() reads and clears the notes. Used to prove that a refused
 * request changed nothing (a 400 must not have stored half of what was sent).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { rows } from './helper.js';

/** Installs the triggers (once per test database; tables created later are not watched). */
export async function watchWrites(db: Db): Promise<void> {
  await db.execute(sql`create table if not exists test_writes (table_name text not null)`);
  await db.execute(
    sql.raw(`create or replace function test_note_write() returns trigger language plpgsql as $$
      begin
        insert into test_writes (table_name) values (TG_TABLE_NAME);
        return null;
      end $$`),
  );
  const tables = await rows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'test_writes'`,
  );
  for (const { name } of tables) {
    // A session's last-seen time is refreshed by any authenticated call (every 5 minutes): only a new or ended session counts.
    const events = name === 'sessions' ? 'insert or delete' : 'insert or update or delete';
    await db.execute(sql.raw(`drop trigger if exists test_writes_note on "${name}"`));
    await db.execute(sql.raw(`create trigger test_writes_note after ${events} on "${name}" for each row execute function test_note_write()`));
  }
}

/** The tables written since the last call, sorted; clears the notes. */
export async function takeWrites(db: Db): Promise<string[]> {
  const written = await rows<{ name: string }>(db, sql`delete from test_writes returning table_name as name`);
  return [...new Set(written.map((row) => row.name))].sort();
}
