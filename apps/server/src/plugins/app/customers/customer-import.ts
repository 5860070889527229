/**
 * 导入客户 (issue 27 §1): customers from an .xlsx or .csv file, through the console (预览 then 导入)
 * and `npm run import:customers -- FILE` for large files — one module for both, so both judge and
 * write alike.
 *
 * Rows are judged in batches of IMPORT_BATCH: each batch's owners and 查重 against the database
 * are one set-based query each (unnest of the batch's keys joined to the indexes on
 * (site_id, name_key) and (site_id, phone)), never a query a row. Duplicates within the file are
 * found by the keys of the rows before (site + phone, site + name key), the only thing that grows
 * with the file. A row is written only with neither problems nor duplicates; applying writes every
 * good row in ONE transaction (multi-row inserts a batch; a customer with an owner gets its 绑定
 * binding by the administrator), audited once (customer.import), and hands every other row back
 * with its 错误 for the error file.
 */
import { randomBytes } from 'node:crypto';
import {
  CUSTOMER_IMPORT_BYTES_MAX,
  CUSTOMER_IMPORT_COLUMNS,
  CUSTOMER_IMPORT_ROWS_MAX,
  describeImportDuplicate,
  isMobile,
  type AdminCustomerImportBody,
  type AdminCustomerImportDuplicate,
  type AdminCustomerImportPreview,
  type AdminCustomerImportResult,
  type AdminCustomerImportRow,
  type StaffImportFormat,
} from '@sales/contract';
import { asc, sql } from 'drizzle-orm';
import { analyzeAfterBulkWrite } from '../../../db/bulk-analyze.js';
import type { Db, Tx } from '../../../db/client.js';
import { sites } from '../../../db/schema.js';
import { column, insertColumns, rowsOf } from '../../../db/seed-bulk.js';
import { csvDocument, type CsvCell } from '../../../lib/csv.js';
import { readSheetFile, sheetTemplate, type SheetRow } from '../../../lib/sheet-file.js';
import { xlsxStream } from '../../../lib/xlsx.js';
import { liveSites } from '../admin/staff-import.js';
import { appendAudit, type ClientContext } from '../audit.js';
import { customerNameKey, customerPhoneOf, lockSiteForNewCustomers } from './customer-dedupe.js';

const [NAME, CONTACT, PHONE, ADDRESS, LEVEL, SOURCE, SITE, OWNER] = CUSTOMER_IMPORT_COLUMNS;
/** The columns a file must and may have (the cells of 联系人 … may be left empty, or the columns left out). */
export const CUSTOMER_SHEET_COLUMNS = { required: [NAME, PHONE, SITE], optional: [CONTACT, ADDRESS, LEVEL, SOURCE, OWNER] };
/** The error file's extra column. */
export const ERROR_COLUMN = '错误';
/** Rows judged (and written) together. */
export const IMPORT_BATCH = 1000;
const LEVELS = new Set(['A', 'B', 'C']);
const DUPLICATES_SHOWN = 3;

const TEMPLATE_NOTES = [
  `${NAME}：必填，1–100 个字；同一站点内与已有客户或本文件其他行名称相同（忽略空格、全角半角、大小写）即为重复，不导入`,
  `${CONTACT}：选填，最多 32 个字`,
  `${PHONE}：必填，11 位手机号或座机（如 020-12345678）；同一站点内电话相同即为重复，不导入`,
  `${ADDRESS}：选填，最多 200 个字`,
  `${LEVEL}：选填，A、B 或 C（默认 C）`,
  `${SOURCE}：选填，最多 32 个字，如 地推、转介绍`,
  `${SITE}：必填，站点编号或组织架构里未归档站点的名称；有同名站点时写成 上级/站点，如 华南大区/广州一部`,
  `${OWNER}：选填，在职且在该站点任职的员工的手机号；不填则客户进入该站点的公海`,
  `控制台每个文件最多 ${CUSTOMER_IMPORT_ROWS_MAX} 行、${CUSTOMER_IMPORT_BYTES_MAX / 1024 / 1024} MB；更大的文件请用命令 npm run import:customers -- 文件`,
  '导入时只写入没有问题的行，其余行连同 错误 一列放入错误文件，修正后可再次导入',
];

/** Mobile (11 digits) or landline (area code, optional dash, 7–8 digits, optional extension). */
export function customerPhoneProblem(phone: string): string | null {
  // The same rule as 新建客户 and the platform's sync (customerPhoneOf; the cell's spaces are gone).
  if (customerPhoneOf(phone) !== null) return null;
  return `电话 ${phone} 不正确（须为 11 位手机号或座机，如 020-12345678）`;
}

export async function customerImportTemplate(format: StaffImportFormat): Promise<Buffer> {
  return sheetTemplate(format, '客户', CUSTOMER_IMPORT_COLUMNS, TEMPLATE_NOTES);
}

/** A row as judged; `write` when it is to be imported. */
export interface JudgedCustomer extends AdminCustomerImportRow {
  write?: { siteId: number; ownerId: number | null; level: 'A' | 'B' | 'C' };
}

interface Place {
  id: number;
  name: string;
  path: string;
}

interface Existing {
  id: number;
  siteId: number;
  name: string;
  phone: string;
  nameKey: string;
  ownerName: string | null;
}

const nameKeyOf = (siteId: number, key: string) => `${siteId}\u0001n\u0001${key}`;
const phoneKeyOf = (siteId: number, phone: string) => `${siteId}\u0001p\u0001${phone}`;

/**
 * Judges the rows of one file, batch after batch, remembering the keys of the rows before for the
 * duplicates within the file.
 */
export class CustomerImportJudge {
  /** The first line of each (site, phone) and (site, name key) in the file. */
  private readonly firstLine = new Map<string, number>();
  /** What each 站点 cell written in the file names, worked out once. */
  private readonly siteOfCell = new Map<string, { place?: Place; problem?: string }>();

  private constructor(private readonly places: Place[]) {}

  static async open(db: Db | Tx): Promise<CustomerImportJudge> {
    return new CustomerImportJudge(await liveSites(db));
  }

  private site(cell: string): { place?: Place; problem?: string } {
    const known = this.siteOfCell.get(cell);
    if (known) return known;
    let found: { place?: Place; problem?: string };
    if (cell.length === 0) found = { problem: '缺少站点' };
    else if (/^\d+$/.test(cell)) {
      const place = this.places.find((candidate) => String(candidate.id) === cell);
      found = place ? { place } : { problem: `站点编号 ${cell} 不存在或已归档` };
    } else {
      const matches = this.places.filter((place) => place.path === cell || place.path.endsWith(`/${cell}`));
      if (matches.length === 0) found = { problem: `站点“${cell}”不存在或已归档` };
      else if (matches.length > 1) found = { problem: `有 ${matches.length} 个站点叫“${cell}”，请写成 上级/站点 或写站点编号` };
      else found = { place: matches[0] };
    }
    this.siteOfCell.set(cell, found);
    return found;
  }

  /** The rows' problems and duplicates, against the file so far and the database as `db` sees it. */
  async judge(db: Db | Tx, rows: readonly SheetRow[]): Promise<JudgedCustomer[]> {
    const read = rows.map((row) => {
      const cell = (name: string) => row.cells[name] ?? '';
      const values = {
        line: row.line,
        name: cell(NAME),
        contactName: cell(CONTACT),
        // 138 0013 8000 is 13800138000, as 新建客户 stores it.
        phone: cell(PHONE).replace(/\s+/gu, ''),
        address: cell(ADDRESS),
        level: cell(LEVEL).toUpperCase(),
        source: cell(SOURCE),
        site: cell(SITE),
        ownerPhone: cell(OWNER),
      };
      const problems: string[] = [];
      // The database stores no NUL character: such a row is refused, not a 500.
      if (Object.values(values).some((value) => typeof value === 'string' && value.includes('\u0000'))) problems.push('含有无法保存的字符（NUL），请检查文件');
      if (values.name.length === 0) problems.push('缺少客户名称');
      else if ([...values.name].length > 100) problems.push('客户名称最多 100 个字');
      if ([...values.contactName].length > 32) problems.push('联系人最多 32 个字');
      if (values.phone.length === 0) problems.push('缺少电话');
      else {
        const problem = customerPhoneProblem(values.phone);
        if (problem) problems.push(problem);
      }
      if ([...values.address].length > 200) problems.push('地址最多 200 个字');
      if (values.level !== '' && !LEVELS.has(values.level)) problems.push(`等级“${cell(LEVEL)}”须为 A、B 或 C`);
      if ([...values.source].length > 32) problems.push('来源最多 32 个字');
      const site = this.site(values.site);
      if (site.problem) problems.push(site.problem);
      const ownerPhoneOk = values.ownerPhone === '' || isMobile(values.ownerPhone);
      if (!ownerPhoneOk) problems.push(`负责人手机号 ${values.ownerPhone} 不正确（须为 11 位手机号）`);
      return { values, problems, place: site.place, ownerPhoneOk };
    });

    const owners = await ownersByPhone(
      db,
      read.filter((row) => row.ownerPhoneOk && row.values.ownerPhone !== '').map((row) => row.values.ownerPhone),
    );
    const existing = await existingDuplicates(
      db,
      read.flatMap((row) => (row.place && row.values.name ? [{ siteId: row.place.id, key: customerNameKey(row.values.name) }] : [])),
      read.flatMap((row) => (row.place && row.values.phone ? [{ siteId: row.place.id, phone: row.values.phone }] : [])),
    );

    return read.map(({ values, problems, place, ownerPhoneOk }): JudgedCustomer => {
      let ownerId: number | null = null;
      if (values.ownerPhone !== '' && ownerPhoneOk) {
        const owner = owners.get(values.ownerPhone);
        if (!owner) problems.push(`没有手机号为 ${values.ownerPhone} 的员工`);
        else if (!owner.active) problems.push(`负责人 ${owner.username} 已离职`);
        else if (place && !owner.siteIds.includes(place.id)) problems.push(`负责人 ${owner.username} 不在站点“${place.name}”任职`);
        else ownerId = owner.id;
      }
      const duplicates: AdminCustomerImportDuplicate[] = [];
      if (place) {
        const key = customerNameKey(values.name);
        const keys: [string, 'name' | 'phone'][] = [];
        if (key) keys.push([nameKeyOf(place.id, key), 'name']);
        if (values.phone) keys.push([phoneKeyOf(place.id, values.phone), 'phone']);
        // Within the file: the first earlier row with the same phone or name.
        const earlier = keys.map(([k, matched]) => ({ line: this.firstLine.get(k), matched }));
        const lines = [...new Set(earlier.flatMap((hit) => (hit.line === undefined ? [] : [hit.line])))];
        for (const line of lines) {
          const matched = earlier.filter((hit) => hit.line === line).map((hit) => hit.matched);
          duplicates.push({ line, customerId: null, name: '', ownerName: null, matched: matched.length === 2 ? 'both' : (matched[0] ?? 'name') });
        }
        for (const [k] of keys) if (!this.firstLine.has(k)) this.firstLine.set(k, values.line);
        // In the database: the site's customers with the same phone or name key.
        const found = new Map<number, { customer: Existing; byName: boolean; byPhone: boolean }>();
        for (const customer of existing.get(nameKeyOf(place.id, key)) ?? []) found.set(customer.id, { customer, byName: true, byPhone: false });
        for (const customer of existing.get(phoneKeyOf(place.id, values.phone)) ?? []) {
          const hit = found.get(customer.id);
          if (hit) hit.byPhone = true;
          else found.set(customer.id, { customer, byName: false, byPhone: true });
        }
        const hits = [...found.values()].sort((a, b) => Number(b.byPhone) - Number(a.byPhone) || a.customer.id - b.customer.id);
        for (const { customer, byName, byPhone } of hits.slice(0, DUPLICATES_SHOWN)) {
          duplicates.push({ line: null, customerId: customer.id, name: customer.name, ownerName: customer.ownerName, matched: byName && byPhone ? 'both' : byPhone ? 'phone' : 'name' });
        }
      }
      const good = problems.length === 0 && duplicates.length === 0 && place !== undefined;
      return {
        ...values,
        problems,
        duplicates,
        ...(good ? { write: { siteId: place.id, ownerId, level: (values.level || 'C') as 'A' | 'B' | 'C' } } : {}),
      };
    });
  }
}

interface Owner {
  id: number;
  username: string;
  active: boolean;
  siteIds: number[];
}

/** The staff the owner phones name (the active holder before a former one), with the sites they hold a position at. */
async function ownersByPhone(db: Db | Tx, phones: string[]): Promise<Map<string, Owner>> {
  const distinct = [...new Set(phones)];
  if (distinct.length === 0) return new Map();
  const result = await db.execute(sql`
    select s.id, s.username, s.phone, s.status = 'active' as active,
           coalesce(array_agg(p.site_id) filter (where p.site_id is not null), '{}') as "siteIds"
      from staff s
      left join positions p on p.staff_id = s.id
     where s.phone = any(${sql.param(distinct)}::text[]) and s.status <> 'deleted'
     group by s.id
     order by (s.status = 'active') desc, s.id desc`);
  const owners = new Map<string, Owner>();
  for (const row of rowsOf<{ id: number; username: string; phone: string; active: boolean; siteIds: number[] }>(result)) {
    if (!owners.has(row.phone)) owners.set(row.phone, { id: row.id, username: row.username, active: row.active, siteIds: row.siteIds.map(Number) });
  }
  return owners;
}

/** The customers already in the database that the batch's (site, name key) and (site, phone) pairs match: one statement. */
async function existingDuplicates(db: Db | Tx, names: { siteId: number; key: string }[], phones: { siteId: number; phone: string }[]): Promise<Map<string, Existing[]>> {
  const byKey = new Map<string, Existing[]>();
  if (names.length === 0 && phones.length === 0) return byKey;
  // Each half walks its index from the batch's pairs (a nested loop over unnest), never the whole table.
  const columns = sql`c.id, c.site_id as "siteId", c.name, c.phone, c.name_key as "nameKey", s.username as "ownerName"`;
  const result = await db.execute(sql`
    select ${columns}
      from unnest(${sql.param(names.map((n) => n.siteId))}::int[], ${sql.param(names.map((n) => n.key))}::text[]) as f(site_id, name_key)
      join customers c on c.site_id = f.site_id and c.name_key = f.name_key
      left join staff s on s.id = c.owner_id
    union
    select ${columns}
      from unnest(${sql.param(phones.map((p) => p.siteId))}::int[], ${sql.param(phones.map((p) => p.phone))}::text[]) as f(site_id, phone)
      join customers c on c.site_id = f.site_id and c.phone = f.phone
      left join staff s on s.id = c.owner_id
    order by 1`);
  for (const row of rowsOf<Existing>(result)) {
    for (const key of [nameKeyOf(row.siteId, row.nameKey), phoneKeyOf(row.siteId, row.phone)]) {
      const list = byKey.get(key) ?? [];
      list.push(row);
      byKey.set(key, list);
    }
  }
  return byKey;
}

/** A QR token like the seed's: 20 characters, URL-safe. */
const qrToken = () => randomBytes(15).toString('base64url');

/** Writes a batch's good rows: one insert of the customers, one of the bindings of those with an owner. */
async function writeCustomers(tx: Tx, rows: JudgedCustomer[], adminId: number | null): Promise<{ bound: number; pooled: number }> {
  const good = rows.flatMap((row) => (row.write ? [{ row, write: row.write, token: qrToken() }] : []));
  if (good.length === 0) return { bound: 0, pooled: 0 };
  const inserted = await insertColumns(
    tx,
    'customers',
    {
      site_id: column('int', good, (g) => g.write.siteId),
      name: column('text', good, (g) => g.row.name),
      contact_name: column('text', good, (g) => g.row.contactName),
      phone: column('text', good, (g) => g.row.phone),
      address: column('text', good, (g) => g.row.address),
      level: column('text', good, (g) => g.write.level),
      source: column('text', good, (g) => g.row.source),
      owner_id: column('int', good, (g) => g.write.ownerId),
      qr_token: column('text', good, (g) => g.token),
    },
    sql`id, qr_token`,
  );
  const idByToken = new Map(rowsOf<{ id: number; qr_token: string }>(inserted).map((row) => [row.qr_token, row.id]));
  const owned = good.filter((g) => g.write.ownerId !== null);
  if (owned.length > 0) {
    await insertColumns(tx, 'customer_bindings', {
      customer_id: column('int', owned, (g) => idByToken.get(g.token)),
      staff_id: column('int', owned, (g) => g.write.ownerId),
      bound_by: column('int', owned, () => adminId),
      kind: column('text', owned, () => 'bind'),
    });
  }
  return { bound: owned.length, pooled: good.length - owned.length };
}

export interface CustomerImportCounts {
  rows: number;
  created: number;
  bound: number;
  pooled: number;
  failed: number;
}

export interface CustomerImportWrite {
  /** The administrator importing; null from the command line. */
  actorId: number | null;
  fileName: string;
  client: ClientContext;
}

async function* batchesOf<T>(items: AsyncIterable<T> | Iterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Two imports at once would not see each other's rows (查重): they take turns. */
const IMPORT_LOCK = 270_001;

/**
 * Judges every row of `rows` and hands each batch, judged, to `judged`. With `write`, the good
 * rows are written as they are judged, all in one transaction with one audit entry at the end: a
 * failure anywhere (the file unreadable half way, `judged` throwing) writes nothing.
 */
export async function runCustomerImport(
  db: Db,
  rows: AsyncIterable<SheetRow> | Iterable<SheetRow>,
  write: CustomerImportWrite | null,
  judged: (batch: JudgedCustomer[]) => Promise<void> | void,
): Promise<CustomerImportCounts> {
  const counts: CustomerImportCounts = { rows: 0, created: 0, bound: 0, pooled: 0, failed: 0 };
  const run = async (on: Db | Tx, tx: Tx | null) => {
    const judge = await CustomerImportJudge.open(on);
    for await (const batch of batchesOf(rows, IMPORT_BATCH)) {
      const done = await judge.judge(on, batch);
      if (tx && write) {
        const { bound, pooled } = await writeCustomers(tx, done, write.actorId);
        counts.bound += bound;
        counts.pooled += pooled;
      }
      counts.rows += done.length;
      counts.failed += done.filter((row) => !row.write).length;
      await judged(done);
    }
    counts.created = counts.bound + counts.pooled;
  };
  if (!write) {
    await run(db, null);
    return counts;
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    // 新建客户 and the platform's sync take one site's lock for their 查重 and insert; a file may
    // write to any site, so the import takes every site's, in id order (each of those writers holds
    // at most one, so nobody waits in a circle). They wait for the import's commit, and 查重 on
    // either side sees the other's customers.
    for (const site of await tx.select({ id: sites.id }).from(sites).orderBy(asc(sites.id))) await lockSiteForNewCustomers(tx, site.id);
    await run(tx, tx);
    await appendAudit(tx, {
      action: 'customer.import',
      actorId: write.actorId,
      targetId: null,
      detail: `rows ${counts.rows} created ${counts.created} failed ${counts.failed} file ${write.fileName}`,
      before: null,
      after: { fileName: write.fileName.slice(0, 255), rows: counts.rows, created: counts.created, bound: counts.bound, pooled: counts.pooled, failed: counts.failed },
      client: write.client,
    });
  });
  // A big file's customers: the lists' plans see them from the next call.
  await analyzeAfterBulkWrite(db, CUSTOMER_IMPORT_TABLES, counts.created);
  return counts;
}

/** The tables an import fills: the customers, their search rows and tallies, and the owners' bindings. */
const CUSTOMER_IMPORT_TABLES = ['customers', 'customer_search', 'customer_tallies', 'customer_bindings'];

/** A row's 错误: its problems and duplicates in one cell. */
export const errorText = (row: AdminCustomerImportRow) => [...row.problems, ...row.duplicates.map(describeImportDuplicate)].join('；');

/** The error file's header: the template's columns and 错误. */
export const ERROR_FILE_HEADER = [...CUSTOMER_IMPORT_COLUMNS, ERROR_COLUMN];

/** A row of the error file: what the file said (等级 as written, upper-cased), then 错误. */
export const errorFileRow = (row: AdminCustomerImportRow): string[] => [
  row.name,
  row.contactName,
  row.phone,
  row.address,
  row.level,
  row.source,
  row.site,
  row.ownerPhone,
  errorText(row),
];

const publicRow = ({ write: _write, ...row }: JudgedCustomer): AdminCustomerImportRow => row;

const readRows = (file: AdminCustomerImportBody) =>
  readSheetFile(file.fileName, Buffer.from(file.fileBase64, 'base64'), CUSTOMER_SHEET_COLUMNS, { maxBytes: CUSTOMER_IMPORT_BYTES_MAX, maxRows: CUSTOMER_IMPORT_ROWS_MAX });

/** 预览: every row with its problems and duplicates; nothing is written. */
export async function previewCustomerImport(db: Db, file: AdminCustomerImportBody): Promise<AdminCustomerImportPreview> {
  const rows: AdminCustomerImportRow[] = [];
  const counts = await runCustomerImport(db, await readRows(file), null, (batch) => {
    for (const row of batch) rows.push(publicRow(row));
  });
  return { rows, goodRows: counts.rows - counts.failed, problemRows: counts.failed };
}

async function bufferOf(stream: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(typeof part === 'string' ? Buffer.from(part) : part);
  return Buffer.concat(parts);
}

/** The rows not imported, in the format of the file they came from, with 错误. */
export async function customerErrorFile(format: StaffImportFormat, rows: readonly AdminCustomerImportRow[]): Promise<Buffer> {
  const cells = rows.map(errorFileRow);
  if (format === 'csv') return Buffer.from(csvDocument(ERROR_FILE_HEADER, cells), 'utf8');
  async function* batches(): AsyncGenerator<CsvCell[][]> {
    for (let start = 0; start < cells.length; start += IMPORT_BATCH) yield cells.slice(start, start + IMPORT_BATCH);
  }
  return bufferOf(xlsxStream('未导入的客户', ERROR_FILE_HEADER.map((header) => ({ header, kind: 'text' as const })), batches() as AsyncIterable<string[][]>));
}

/** The error file's name: the uploaded one's, marked. */
export function errorFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  const format = fileName.toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv';
  return `${base}-未导入.${format}`;
}

/** 导入: the good rows written in one transaction; the rest handed back as the error file. */
export async function applyCustomerImport(db: Db, admin: { id: number }, file: AdminCustomerImportBody, client: ClientContext): Promise<AdminCustomerImportResult> {
  const rows = await readRows(file);
  const failed: AdminCustomerImportRow[] = [];
  const counts = await runCustomerImport(db, rows, { actorId: admin.id, fileName: file.fileName, client }, (batch) => {
    for (const row of batch) if (!row.write) failed.push(publicRow(row));
  });
  const format: StaffImportFormat = file.fileName.trim().toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv';
  const name = errorFileName(file.fileName.trim());
  return {
    created: counts.created,
    bound: counts.bound,
    pooled: counts.pooled,
    failed: counts.failed,
    errorFile: failed.length === 0 ? null : { fileName: name, fileBase64: (await customerErrorFile(format, failed)).toString('base64') },
  };
}
