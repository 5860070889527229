/**
 * `npm run import:customers -- FILE` (issue 27 §1): the console's judging and write path over a file
 * read as a stream — .csv and .xlsx, the rows not imported written beside the file with 错误,
 * --preview writing no customer, a file that cannot be read writing nothing — and the command's
 * output and exit code.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CUSTOMER_IMPORT_COLUMNS } from '@sales/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { formatReport, importCustomerFile } from '../../../scripts/customer-file.js';
import { parseCsv } from '../../../src/lib/csv.js';
import { PHONES, pgliteDataDir, rows, useTestServer } from '../../helper.js';

const server = useTestServer();
const serverRoot = path.resolve(import.meta.dirname, '../../..');
const HEADER = [...CUSTOMER_IMPORT_COLUMNS];

async function writeCsv(name: string, lines: readonly (readonly string[])[]): Promise<string> {
  const file = path.join(server.dataDir, name);
  await fs.writeFile(file, `\uFEFF${[HEADER, ...lines].map((cells) => cells.join(',')).join('\r\n')}\r\n`);
  return file;
}

const count = async (where: ReturnType<typeof sql>) => (await rows<{ n: number }>(server.db, sql`select count(*)::int as n from customers where ${where}`))[0]?.n;

describe('import:customers', () => {
  it('imports a .csv read as a stream and writes the rest beside it with 错误, audited as the command line', async () => {
    const file = await writeCsv('命令.csv', [
      ['命令甲店', '孙一', '13988881001', '', 'B', '', '华东一部', PHONES.zhangWei],
      ['命令乙店', '', '13988881002', '', '', '', '102', ''],
      ['命令甲店', '', '13988881003', '', '', '', '101', ''],
      ['命令丙店', '', '13988881004', '', 'X', '', '101', ''],
    ]);
    const report = await importCustomerFile(server.database, file);
    expect(report).toEqual({ rows: 4, created: 2, bound: 1, pooled: 1, failed: 2, errorFile: path.join(server.dataDir, '命令-未导入.csv') });
    expect(await count(sql`name like '命令%'`)).toBe(2);
    const errors = parseCsv(await fs.readFile(report.errorFile ?? '', 'utf8'));
    expect(errors.rows).toEqual([
      [...HEADER, '错误'],
      ['命令甲店', '', '13988881003', '', '', '', '101', '', '与第 2 行重复（名称相同）'],
      ['命令丙店', '', '13988881004', '', 'X', '', '101', '', '等级“X”须为 A、B 或 C'],
    ]);
    const [entry] = await rows<{ actor_id: number | null; ip: string; after: Record<string, unknown> }>(
      server.db,
      sql`select actor_id, ip, after from audit_log where action = 'customer.import' order by id desc limit 1`,
    );
    expect(entry).toEqual({ actor_id: null, ip: 'cli', after: { fileName: '命令.csv', rows: 4, created: 2, bound: 1, pooled: 1, failed: 2 } });
    const [binding] = await rows<{ bound_by: number | null; kind: string }>(
      server.db,
      sql`select b.bound_by, b.kind from customer_bindings b join customers c on c.id = b.customer_id where c.name = '命令甲店'`,
    );
    expect(binding).toEqual({ bound_by: null, kind: 'bind' });
    expect(formatReport('命令.csv', report, false)).toBe(`命令.csv：共 4 行，已导入 2 行（有负责人 1，进入公海 1），未导入 2 行\n未导入的行及其错误：${report.errorFile}`);
  });

  it('streams an .xlsx (its first sheet with rows, phones in number cells), and --preview writes no customer', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('客户');
    sheet.addRow(HEADER);
    sheet.addRow(['表格命令甲店', '', 13988882001, '', '', '', '华东一部', Number(PHONES.zhangWei)]);
    sheet.addRow(['表格命令乙店', '', 13988882002, '', '', '', '火星一部', '']);
    workbook.addWorksheet('填写说明').addRow(['填写说明']);
    const file = path.join(server.dataDir, '表格命令.xlsx');
    await workbook.xlsx.writeFile(file);

    const preview = await importCustomerFile(server.database, file, { preview: true });
    expect(preview).toEqual({ rows: 2, created: 0, bound: 0, pooled: 0, failed: 1, errorFile: path.join(server.dataDir, '表格命令-未导入.csv') });
    expect(await count(sql`name like '表格命令%'`)).toBe(0);

    const report = await importCustomerFile(server.database, file);
    expect(report).toMatchObject({ rows: 2, created: 1, bound: 1, failed: 1 });
    expect(parseCsv(await fs.readFile(report.errorFile ?? '', 'utf8')).rows[1]).toEqual(['表格命令乙店', '', '13988882002', '', '', '', '火星一部', '', '站点“火星一部”不存在或已归档']);
  });

  it('reads a GB18030 CSV as Excel saves it on Chinese Windows', async () => {
    // 客户名称,电话,站点 and 国标店,13988885001,华东一部 in GB18030, each with CRLF.
    const file = path.join(server.dataDir, '国标.csv');
    await fs.writeFile(file, Buffer.from('bfcdbba7c3fbb3c62cb5e7bbb02cd5beb5e30d0a' + 'b9fab1eab5ea2c31333938383838353030312cbbaab6abd2bbb2bf0d0a', 'hex'));
    expect(await importCustomerFile(server.database, file)).toMatchObject({ rows: 1, created: 1, pooled: 1, failed: 0, errorFile: null });
    expect(await count(sql`name = '国标店' and site_id = 101 and owner_id is null`)).toBe(1);
  });

  it('writes nothing, and leaves no error file, when the file cannot be read half way', async () => {
    const file = path.join(server.dataDir, '坏文件.csv');
    const good = Array.from({ length: 1500 }, (_, index) => `半途命令${index},,139888${String(index).padStart(5, '0')},,,,101,`);
    // An unclosed quote after 1,500 good rows: the first batch was already written in the transaction.
    await fs.writeFile(file, `${HEADER.join(',')}\n${good.join('\n')}\n"坏行,,13988883999,,,,101,\n`);
    await expect(importCustomerFile(server.database, file)).rejects.toThrow('引号没有闭合');
    expect(await count(sql`name like '半途命令%'`)).toBe(0);
    await expect(fs.stat(path.join(server.dataDir, '坏文件-未导入.csv'))).rejects.toThrow();
    await expect(importCustomerFile(server.database, path.join(server.dataDir, 'missing.csv'))).rejects.toThrow('找不到文件');
    await fs.writeFile(path.join(server.dataDir, '无表头.csv'), '名称,电话\n甲,13988883001\n');
    await expect(importCustomerFile(server.database, path.join(server.dataDir, '无表头.csv'))).rejects.toThrow('缺少列：客户名称、站点');
  });

  it('runs as a command: prints the counts and the error file, exits with 1 when a row was not imported', { timeout: 180_000 }, async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sales-customer-import-test-'));
    try {
      // On PGlite the command opens the data directory's database: one already migrated and seeded.
      await pgliteDataDir(dataDir, true);
      const file = path.join(dataDir, '命令行.csv');
      await fs.writeFile(file, `${HEADER.join(',')}\n命令行甲店,,13988884001,,,,101,\n命令行乙店,,bad,,,,101,\n`);
      const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}) };
      const run = promisify(execFile);
      const failure = await run(process.execPath, ['--import', 'tsx', 'scripts/import-customers.ts', file], { cwd: serverRoot, env }).then(
        () => null,
        (error: { code: number; stdout: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stdout.split('\n').filter(Boolean)).toEqual([
        '命令行.csv：共 2 行，已导入 1 行（有负责人 0，进入公海 1），未导入 1 行',
        `未导入的行及其错误：${path.join(dataDir, '命令行-未导入.csv')}`,
      ]);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
