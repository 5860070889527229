/**
 * The JSON half of `npm run import:orders` (scripts/order-file.ts): an array of orders, or
 * { "orders": [...] }, read as a stream of tokens and staged entry by entry.
 */
import { pipeline } from 'node:stream/promises';
import parser from 'stream-json/parser.js';
import type { Db } from '../src/db/client.js';
import { fileText, indexStaging, LineStage, UnreadableFile } from './order-file-stage.js';

const JSON_SHAPE = 'JSON 文件应为订单数组，或 { "orders": [...] }';

/**
 * Stages every entry of a JSON file (an array, or the array under "orders" — the last such key,
 * as JSON.parse keeps it) as its own JSON text, rebuilt from the parser's tokens with numbers as
 * written, so that JSON.parse of it later gives exactly what JSON.parse of the whole file would.
 */
export async function stageJson(db: Db, filePath: string): Promise<void> {
  const stage = new LineStage(db);
  let position = 0;
  let depth = 0;
  /** Depth at which entries sit: 1 in an array, 2 under "orders"; 0 while outside any entry list. */
  let entryDepth = 0;
  let shape = 'unknown' as 'unknown' | 'array' | 'object' | 'other';
  /** For an object: whether its (last) "orders" key held an array. */
  let ordersArray = false;
  let ordersKeyPending = false;
  let entry: string[] = [];
  /** Per open container of the current entry: whether the next value needs a comma first. */
  const needsComma: boolean[] = [];

  const value = (text: string) => {
    if (needsComma.length > 0) {
      if (needsComma[needsComma.length - 1]) entry.push(',');
      needsComma[needsComma.length - 1] = true;
    }
    entry.push(text);
  };
  const finishEntry = async () => {
    position += 1;
    await stage.add(position, null, entry.join(''));
    entry = [];
  };

  /** A token inside an entry: appended to the entry's text, which is staged once the entry closes. */
  const entryToken = async (token: parser.Token) => {
    switch (token.name) {
      case 'startObject':
      case 'startArray':
        value(token.name === 'startObject' ? '{' : '[');
        needsComma.push(false);
        depth += 1;
        return;
      case 'endObject':
      case 'endArray':
        needsComma.pop();
        entry.push(token.name === 'endObject' ? '}' : ']');
        depth -= 1;
        break;
      case 'keyValue':
        if (needsComma[needsComma.length - 1]) entry.push(',');
        needsComma[needsComma.length - 1] = false;
        entry.push(`${JSON.stringify(token.value)}:`);
        return;
      case 'stringValue':
        value(JSON.stringify(token.value));
        break;
      case 'numberValue':
        value(token.value);
        break;
      case 'nullValue':
      case 'trueValue':
      case 'falseValue':
        value(String(token.value));
        break;
      default:
        return;
    }
    if (depth === entryDepth) await finishEntry();
  };

  const consume = async (token: parser.Token) => {
    const name = token.name;
    if (entryDepth > 0 && depth === entryDepth && name === 'endArray') {
      // The end of the list of entries.
      entryDepth = 0;
      depth -= 1;
      return;
    }
    if (entryDepth > 0 && depth >= entryDepth) {
      await entryToken(token);
      return;
    }
    if (depth === 0) {
      if (name === 'startArray') {
        shape = 'array';
        entryDepth = 1;
      } else if (name === 'startObject') {
        shape = 'object';
      } else {
        shape = 'other';
        return;
      }
      depth = 1;
      return;
    }
    // Inside the top-level object, outside the entries: only its "orders" key matters.
    if (depth === 1 && shape === 'object') {
      if (token.name === 'keyValue') {
        ordersKeyPending = token.value === 'orders';
        return;
      }
      if (ordersKeyPending) {
        ordersKeyPending = false;
        ordersArray = name === 'startArray';
        if (ordersArray) {
          await stage.clear();
          position = 0;
          entryDepth = 2;
          depth = 2;
          return;
        }
      }
    }
    if (name === 'startObject' || name === 'startArray') depth += 1;
    else if (name === 'endObject' || name === 'endArray') depth -= 1;
  };

  let ownFailure: unknown;
  try {
    await pipeline(fileText(filePath), parser.asStream({ packValues: true, streamValues: false }), async (tokens: AsyncIterable<parser.Token>) => {
      for await (const token of tokens) {
        try {
          await consume(token);
        } catch (error) {
          ownFailure = error;
          throw error;
        }
      }
    });
  } catch (error) {
    // A file that cannot be read and a failure of the staging keep their own message; whatever
    // else stopped the pipeline is the parser refusing the text.
    if (error instanceof UnreadableFile) throw error;
    if (ownFailure !== undefined) throw ownFailure;
    throw new Error('不是有效的 JSON 文件');
  }
  if (!(shape === 'array' || (shape === 'object' && ordersArray))) throw new Error(JSON_SHAPE);
  await stage.flush();
  await indexStaging(db);
}
