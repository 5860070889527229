/**
 * An .xlsx workbook's rows read as a stream, for files on disk of any length
 * (`npm run import:customers`). yauzl reads the zip's central directory, so the workbook, its
 * relations and the shared strings are read before any sheet whatever order the archive keeps its
 * entries in; saxes then reads the sheet's XML a piece at a time and the rows go out as they close.
 *
 * exceljs's streaming WorkbookReader is not used here: unzipper (under it) says the archive has
 * ended as soon as it has parsed the last entry's header, while entries it had already parsed are
 * still waiting to be read, and exceljs stops at that signal. It lost the workbook's sheet list of
 * exceljs's own files (and the shared strings of Excel's) whenever the reader was slow — one run in
 * forty on a busy machine (docs/decisions.md, *The .xlsx command reads the zip's directory*).
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';

export interface XlsxRow {
  /** The row's number in Excel (1-based). */
  line: number;
  /** Each cell's text by column (A is 0); '' where the row has no cell. */
  cells: string[];
}

interface XmlHandlers {
  open(name: string, attributes: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

const WORKBOOK = 'xl/workbook.xml';
const localName = (name: string) => name.slice(name.indexOf(':') + 1);
/** An attribute by its local name (`r:id` however the prefix is spelt). */
const attribute = (attributes: Record<string, string>, name: string) =>
  Object.entries(attributes).find(([key]) => localName(key) === name)?.[1];

function openZip(filePath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: false }, (error, zip) => (error ? reject(error) : resolve(zip)));
  });
}

function entriesOf(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function entryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
  });
}

/**
 * Feeds an entry's XML to the handlers a piece (64 KB or less) at a time; after each piece,
 * `completed` hands out what the handlers finished in it.
 */
async function* parseEntry<T>(zip: yauzl.ZipFile, entry: yauzl.Entry, handlers: XmlHandlers, completed: () => T[]): AsyncGenerator<T> {
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => handlers.open(localName(tag.name), tag.attributes));
  parser.on('text', (text) => handlers.text?.(text));
  parser.on('cdata', (text) => handlers.text?.(text));
  parser.on('closetag', (tag) => handlers.close?.(localName(tag.name)));
  const stream = await entryStream(zip, entry);
  stream.setEncoding('utf8');
  try {
    for await (const piece of stream) {
      parser.write(piece as string);
      yield* completed();
    }
    parser.close();
    yield* completed();
  } finally {
    stream.destroy();
  }
}

/** Reads a whole (small) entry for its side effects on the handlers. */
async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, handlers: XmlHandlers): Promise<void> {
  for await (const nothing of parseEntry<never>(zip, entry, handlers, () => [])) void nothing;
}

/** The text of `<t>` runs inside `container`, phonetic guides (`<rPh>`) left out. */
function runText(container: string, onText: (text: string) => void): Required<XmlHandlers> {
  let depth = 0;
  let inText = false;
  let phonetic = 0;
  return {
    open(name) {
      if (name === container) depth += 1;
      else if (name === 'rPh') phonetic += 1;
      else if (name === 't' && depth > 0 && phonetic === 0) inText = true;
    },
    text(text) {
      if (inText) onText(text);
    },
    close(name) {
      if (name === container) depth -= 1;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 't') inText = false;
    },
  };
}

async function sharedStrings(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let current = '';
  const runs = runText('si', (text) => {
    current += text;
  });
  await readEntry(zip, entry, {
    open(name, attributes) {
      if (name === 'si') current = '';
      runs.open(name, attributes);
    },
    text: runs.text,
    close(name) {
      runs.close(name);
      if (name === 'si') strings.push(current);
    },
  });
  return strings;
}

/** The workbook's worksheets' entry names, in the workbook's order of tabs. */
async function worksheetPaths(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>): Promise<{ sheets: string[]; strings?: string }> {
  const workbook = entries.get(WORKBOOK);
  const relations = entries.get(`${path.posix.dirname(WORKBOOK)}/_rels/${path.posix.basename(WORKBOOK)}.rels`);
  if (!workbook || !relations) throw new Error('not a workbook');
  const tabs: string[] = [];
  await readEntry(zip, workbook, {
    open(name, attributes) {
      const id = name === 'sheet' ? attribute(attributes, 'id') : undefined;
      if (id) tabs.push(id);
    },
  });
  const targets = new Map<string, { target: string; type: string }>();
  await readEntry(zip, relations, {
    open(name, attributes) {
      if (name === 'Relationship' && attributes.Id && attributes.Target) targets.set(attributes.Id, { target: attributes.Target, type: attributes.Type ?? '' });
    },
  });
  const resolve = (target: string) => (target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(WORKBOOK), target)));
  const sheets = tabs.flatMap((id) => {
    const relation = targets.get(id);
    return relation?.type.endsWith('/worksheet') ? [resolve(relation.target)] : [];
  });
  const strings = [...targets.values()].find((relation) => relation.type.endsWith('/sharedStrings'));
  return { sheets, strings: strings ? resolve(strings.target) : undefined };
}

/** A cell reference's column: A1 → 0, AB7 → 27. */
function columnOf(reference: string): number {
  let column = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return column - 1;
}

/** What exceljs's `cell.text` gives for the cell, number formats aside (a date is its serial number). */
function cellText(type: string, value: string, inline: string, strings: string[]): string {
  switch (type) {
    case 's':
      return strings[Number.parseInt(value, 10)] ?? '';
    case 'inlineStr':
      return inline;
    case 'str':
    case 'e':
    case 'd':
      return value;
    case 'b':
      return value === '' ? '' : String(Number.parseInt(value, 10) !== 0);
    default:
      return value === '' ? '' : String(Number.parseFloat(value));
  }
}

function sheetRows(zip: yauzl.ZipFile, entry: yauzl.Entry, strings: string[]): AsyncGenerator<XlsxRow> {
  const done: XlsxRow[] = [];
  let row: XlsxRow | undefined;
  let previousLine = 0;
  let nextColumn = 0;
  let cell: { column: number; type: string; value: string; inline: string } | undefined;
  let inValue = false;
  const inlineRuns = runText('is', (text) => {
    if (cell) cell.inline += text;
  });
  const handlers: XmlHandlers = {
    open(name, attributes) {
      if (name === 'row') {
        const line = attributes.r ? Number.parseInt(attributes.r, 10) : previousLine + 1;
        row = { line, cells: [] };
        nextColumn = 0;
      } else if (name === 'c' && row) {
        const column = attributes.r ? columnOf(attributes.r) : nextColumn;
        cell = { column: column >= 0 ? column : nextColumn, type: attributes.t ?? 'n', value: '', inline: '' };
      } else if (name === 'v' && cell) {
        inValue = true;
      }
      inlineRuns.open(name, attributes);
    },
    text(text) {
      if (inValue && cell) cell.value += text;
      inlineRuns.text(text);
    },
    close(name) {
      inlineRuns.close(name);
      if (name === 'v') {
        inValue = false;
      } else if (name === 'c' && row && cell) {
        row.cells[cell.column] = cellText(cell.type, cell.value, cell.inline, strings);
        nextColumn = cell.column + 1;
        cell = undefined;
      } else if (name === 'row' && row) {
        done.push({ line: row.line, cells: Array.from(row.cells, (text) => text ?? '') });
        previousLine = row.line;
        row = undefined;
      }
    },
  };
  return parseEntry(zip, entry, handlers, () => done.splice(0));
}

/**
 * The rows of the workbook's first worksheet (in tab order) with any text, as they are read.
 * A file that is not a workbook rejects with the zip's or the XML's error.
 */
export async function* xlsxStreamRows(filePath: string): AsyncGenerator<XlsxRow> {
  const zip = await openZip(filePath);
  try {
    const entries = await entriesOf(zip);
    const { sheets, strings: stringsPath } = await worksheetPaths(zip, entries);
    const strings = await sharedStrings(zip, stringsPath ? entries.get(stringsPath) : undefined);
    for (const sheetPath of sheets) {
      const entry = entries.get(sheetPath);
      if (!entry) continue;
      let withText = 0;
      for await (const row of sheetRows(zip, entry, strings)) {
        if (row.cells.some((text) => text.trim().length > 0)) withText += 1;
        yield row;
      }
      if (withText > 0) return;
    }
  } finally {
    zip.close();
  }
}
