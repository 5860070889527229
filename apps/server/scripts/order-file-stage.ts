/**
 * Where an order file waits while it is imported (scripts/order-file.ts): the file read as text in
 * pieces, and the TEMP tables its lines (CSV) or entries (JSON) and its failures are staged in, on
 * the one connection of the import, with the keyset reads that hand them back in batches.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

/** Lines staged per insert and read back per query. */
export const STAGE_BATCH = 2000;

export interface FileProblem {
  /** Where in the file, e.g. '第 7 行' or '第 3 条'. */
  origin: string;
  orderNo: string | null;
  message: string;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The staging tables, in the session's own temporary schema (named with pg_temp everywhere, so a
 * table of the same name elsewhere is never touched). Text is stored JSON-encoded, which keeps
 * NUL characters (which PostgreSQL text refuses) and every other character exactly.
 */
export const LINES = sql.raw('pg_temp.import_lines');
const PROBLEMS = sql.raw('pg_temp.import_problems');

export async function dropStaging(db: Db): Promise<void> {
  await db.execute(sql`drop table if exists ${LINES}, ${PROBLEMS}`);
}

export async function createStaging(db: Db): Promise<void> {
  await dropStaging(db);
  // line: the file line a CSV row starts on, or the number of a JSON entry; order_key: the
  // orderNo (JSON-encoded; null when empty); first_line: the line of the order's first row.
  await db.execute(sql`create temp table import_lines (line integer primary key, order_key text, first_line integer not null, data text not null)`);
  await db.execute(sql`create temp table import_problems (position integer not null, seq integer not null, data text not null, primary key (position, seq))`);
}

/** Collects staged rows and inserts them STAGE_BATCH at a time, as column arrays. */
export class LineStage {
  private lines: number[] = [];
  private keys: (string | null)[] = [];
  private data: string[] = [];

  constructor(private readonly db: Db) {}

  async add(line: number, key: string | null, data: string): Promise<void> {
    this.lines.push(line);
    this.keys.push(key);
    this.data.push(data);
    if (this.lines.length >= STAGE_BATCH) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.lines.length === 0) return;
    await this.db.execute(sql`
      insert into ${LINES} (line, order_key, first_line, data)
      select line, order_key, line, data
      from unnest(${sql.param(this.lines)}::int[], ${sql.param(this.keys)}::text[], ${sql.param(this.data)}::text[]) as t(line, order_key, data)`);
    this.lines = [];
    this.keys = [];
    this.data = [];
  }

  /** Forgets everything staged so far (a later "orders" key of a JSON object replaces an earlier one). */
  async clear(): Promise<void> {
    this.lines = [];
    this.keys = [];
    this.data = [];
    await this.db.execute(sql`truncate ${LINES}`);
  }
}

/** A file that could not be read at all (missing, a folder, no permission). */
export class UnreadableFile extends Error {}

/** Reads a file as text in pieces, with Chinese messages for the usual reasons it cannot be read. */
export async function* fileText(filePath: string): AsyncGenerator<string> {
  try {
    yield* fs.createReadStream(filePath, { encoding: 'utf8' }) as AsyncIterable<string>;
  } catch (error) {
    const code = error !== null && typeof error === 'object' && 'code' in error ? error.code : undefined;
    if (code === 'ENOENT') throw new UnreadableFile('找不到文件');
    if (code === 'EISDIR') throw new UnreadableFile('这是一个文件夹，不是文件');
    if (code === 'EACCES' || code === 'EPERM') throw new UnreadableFile('没有读取该文件的权限');
    if (typeof code === 'string') throw new UnreadableFile(`读取文件失败（${code}）`);
    throw error;
  }
}

/** The index the keyset reads of `stagedLines` walk, built once the lines are all in. */
export async function indexStaging(db: Db): Promise<void> {
  await db.execute(sql`create index on ${LINES} (first_line, line)`);
  await db.execute(sql`analyze ${LINES}`);
}

export interface StagedLine {
  firstLine: number;
  line: number;
  data: string;
}

/** The staged lines, each order's together and orders in the order of their first line, in keyset batches. */
export async function* stagedLines(db: Db): AsyncGenerator<StagedLine[]> {
  let after = { firstLine: 0, line: 0 };
  for (;;) {
    const batch = rowsOf<StagedLine>(
      await db.execute(sql`
        select first_line as "firstLine", line, data from ${LINES}
        where (first_line, line) > (${after.firstLine}, ${after.line})
        order by first_line, line limit ${STAGE_BATCH}`),
    );
    if (batch.length === 0) return;
    yield batch;
    after = batch[batch.length - 1] as StagedLine;
  }
}

/** Stages failures: each with its position in the file and its order among the failures there. */
export async function stageProblems(db: Db, problems: { position: number; seq: number; problem: FileProblem }[]): Promise<void> {
  const positions = problems.map((entry) => entry.position);
  const seqs = problems.map((entry) => entry.seq);
  const data = problems.map((entry) => JSON.stringify(entry.problem));
  await db.execute(sql`
    insert into ${PROBLEMS} (position, seq, data)
    select * from unnest(${sql.param(positions)}::int[], ${sql.param(seqs)}::int[], ${sql.param(data)}::text[])`);
}

/** The staged failures in file order, in keyset batches. */
export async function* stagedProblems(db: Db): AsyncGenerator<FileProblem> {
  let after = { position: 0, seq: 0 };
  for (;;) {
    const batch = rowsOf<{ position: number; seq: number; data: string }>(
      await db.execute(sql`
        select position, seq, data from ${PROBLEMS}
        where (position, seq) > (${after.position}, ${after.seq})
        order by position, seq limit ${STAGE_BATCH}`),
    );
    if (batch.length === 0) return;
    for (const row of batch) yield JSON.parse(row.data) as FileProblem;
    const last = batch[batch.length - 1];
    if (last) after = { position: last.position, seq: last.seq };
  }
}
