/**
 * The streamed .xlsx reader of `npm run import:customers`: the same text as exceljs reading the
 * whole workbook, whatever order the archive keeps its entries in, however slowly the rows are
 * taken (exceljs's own streaming reader lost the sheet list when its reader was slow).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamSheetFile, SHEET_UNREADABLE } from '../../src/lib/sheet-file.js';
import { xlsxStreamRows, type XlsxRow } from '../../src/lib/xlsx-stream.js';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sales-xlsx-stream-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** exceljs's writer: worksheets first, then shared strings, the workbook's sheet list last. */
async function exceljsFile(name: string): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('空白页');
  const sheet = workbook.addWorksheet('客户');
  sheet.addRow(['客户名称', '电话', '已签约', '', '备注', '公式', '比例']);
  sheet.addRow(['甲店 & <乙>', 13988882001, true, '', { richText: [{ text: '富' }, { font: { bold: true }, text: '文本' }] }, { formula: 'A1&"店"', result: '客户名称店' }, 1.1]);
  sheet.getCell('J3').value = '远处的格子';
  sheet.getCell('A5').value = '  有空格 ';
  workbook.addWorksheet('填写说明').addRow(['第二张表不读']);
  const file = path.join(dir, name);
  await workbook.xlsx.writeFile(file);
  return file;
}

/** The same workbook with its entries in Excel's order (the sheet list first, shared strings last), rewritten by `change`. */
async function reordered(source: string, name: string, change: (entry: string, text: string) => string = (_entry, text) => text): Promise<string> {
  const zip = await JSZip.loadAsync(await fs.readFile(source));
  const names = Object.keys(zip.files).filter((entry) => !zip.files[entry]?.dir);
  const rank = (entry: string) => (entry === 'xl/workbook.xml' ? 0 : entry.startsWith('xl/_rels') ? 1 : entry === 'xl/sharedStrings.xml' ? 3 : 2);
  const out = new JSZip();
  for (const entry of names.sort((a, b) => rank(a) - rank(b))) out.file(entry, change(entry, (await zip.file(entry)?.async('string')) ?? ''));
  const file = path.join(dir, name);
  await fs.writeFile(file, await out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
  return file;
}

/** What the console's upload path (exceljs reading the whole workbook) makes of the first sheet with rows. */
async function exceljsRows(file: string): Promise<XlsxRow[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows: XlsxRow[] = [];
  workbook.worksheets
    .find((sheet) => sheet.actualRowCount > 0)
    ?.eachRow((row) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cell.text;
      });
      rows.push({ line: row.number, cells: Array.from(cells, (cell) => cell ?? '') });
    });
  return rows;
}

async function streamed(file: string, pause?: () => Promise<unknown>): Promise<XlsxRow[]> {
  const rows: XlsxRow[] = [];
  for await (const row of xlsxStreamRows(file)) {
    rows.push(row);
    await pause?.();
  }
  return rows;
}

describe('xlsxStreamRows', () => {
  it('gives the first sheet with rows, cell for cell what exceljs gives, in either order of entries', async () => {
    const file = await exceljsFile('exceljs.xlsx');
    const expected = [
      { line: 1, cells: ['客户名称', '电话', '已签约', '', '备注', '公式', '比例'] },
      { line: 2, cells: ['甲店 & <乙>', '13988882001', 'true', '', '富文本', '客户名称店', '1.1'] },
      { line: 3, cells: ['', '', '', '', '', '', '', '', '', '远处的格子'] },
      { line: 5, cells: ['  有空格 '] },
    ];
    expect(await exceljsRows(file)).toEqual(expected);
    expect(await streamed(file)).toEqual(expected);
    expect(await streamed(await reordered(file, 'excel-order.xlsx'))).toEqual(expected);
  });

  it('gets every row and the sheet list however slowly the rows are taken', async () => {
    const file = await exceljsFile('slow.xlsx');
    const quick = await streamed(file);
    for (let run = 0; run < 5; run += 1) expect(await streamed(file, () => sleep(2))).toEqual(quick);
  });

  it('reads inline strings, prefixed tags and phonetic guides as Excel means them', async () => {
    const file = await reordered(await exceljsFile('inline-source.xlsx'), 'inline.xlsx', (entry, text) => {
      if (entry === 'xl/worksheets/sheet2.xml') {
        return text
          .replace(/<worksheet /, '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ')
          .replace('</worksheet>', '</x:worksheet>')
          .replace(/<sheetData>.*<\/sheetData>/s, '<x:sheetData><x:row r="7"><x:c r="A7" t="s"><x:v>0</x:v></x:c><x:c r="B7" t="inlineStr"><x:is><x:r><x:t>内联</x:t></x:r><x:r><x:t xml:space="preserve"> 文字</x:t></x:r></x:is></x:c><x:c t="b"><x:v>0</x:v></x:c><x:c t="e"><x:v>#N/A</x:v></x:c></x:row></x:sheetData>');
      }
      if (entry === 'xl/sharedStrings.xml') return text.replace('</si>', '<rPh sb="0" eb="1"><t>ふりがな</t></rPh></si>');
      return text;
    });
    expect(await streamed(file)).toEqual([{ line: 7, cells: ['客户名称', '内联 文字', 'false', '#N/A'] }]);
  });

  it('refuses what is not a workbook, in Chinese, through the command line’s reader', async () => {
    const source = await fs.readFile(await exceljsFile('whole.xlsx'));
    const cut = path.join(dir, '半个.xlsx');
    await fs.writeFile(cut, source.subarray(0, Math.floor(source.length / 2)));
    const noSheets = await reordered(await exceljsFile('no-sheets-source.xlsx'), '无表.xlsx', (entry, text) => (entry === 'xl/workbook.xml' ? text.replace(/<sheets>.*<\/sheets>/s, '<sheets/>') : text));
    const readAll = async (file: string) => {
      for await (const row of streamSheetFile(file, { required: ['客户名称'] })) void row;
    };
    await expect(readAll(cut)).rejects.toThrow(SHEET_UNREADABLE);
    await expect(readAll(noSheets)).rejects.toThrow('文件里没有数据行');
  });
});
