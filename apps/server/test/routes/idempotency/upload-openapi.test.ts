/** Idempotency-Key on 上传图片 (the file is stored once, never left behind) and the header in the OpenAPI document. */
import { ENDPOINTS, IDEMPOTENCY_KEY_PATTERN } from '@sales/contract';
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../../src/db/schema.js';
import { call, JPEG_BYTES, login, multipartBody, PHONES, PNG_1X1, useTestServer } from '../../helper.js';
import { expectBadKey, expectBodyChanged, expire, keysOf, newKey } from './support.js';

const server = useTestServer();

interface UploadResult {
  url: string;
  name: string;
  size: number;
}

let token = '';
let userId = 0;
beforeAll(async () => {
  const session = await login(server.app, PHONES.zhangWei);
  token = session.token;
  userId = session.accountInfo.id;
});

function upload(data: Buffer, filename: string, key?: string) {
  const { payload, headers } = multipartBody([{ name: 'file', filename, contentType: 'image/png', data }]);
  return call<UploadResult>(server.app, 'POST', '/seller/upload/img', { token, payload, headers: { ...headers, ...(key === undefined ? {} : { 'idempotency-key': key }) } });
}

const uploadRows = async () => (await server.db.select().from(uploads)).length;

/** Every stored file under the upload directory. */
async function storedFiles(): Promise<number> {
  const root = path.join(server.dataDir, 'uploads');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

describe('Idempotency-Key on upload/img', () => {
  it('a repeat returns the first URL and stores neither a second row nor a second file', async () => {
    const key = newKey();
    const [rowsBefore, filesBefore] = [await uploadRows(), await storedFiles()];
    const first = await upload(PNG_1X1, '签到.png', key);
    expect(first.status).toBe(200);
    const again = await upload(PNG_1X1, '签到.png', key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await uploadRows()).toBe(rowsBefore + 1);
    expect(await storedFiles()).toBe(filesBefore + 1);
  });

  it('another file or another name under the key is a 409 and leaves no file behind', async () => {
    const key = newKey();
    expect((await upload(PNG_1X1, 'a.png', key)).status).toBe(200);
    const [rowsBefore, filesBefore] = [await uploadRows(), await storedFiles()];
    expectBodyChanged(await upload(JPEG_BYTES, 'a.png', key));
    expectBodyChanged(await upload(PNG_1X1, 'b.png', key));
    expect(await uploadRows()).toBe(rowsBefore);
    expect(await storedFiles()).toBe(filesBefore);
  });

  it('a bad key is a 400 before anything is stored; a refused file leaves the key free', async () => {
    const [rowsBefore, filesBefore] = [await uploadRows(), await storedFiles()];
    expectBadKey(await upload(PNG_1X1, 'a.png', 'nope'));
    const key = newKey();
    const keysBefore = await keysOf(server.db, userId);
    expect((await upload(Buffer.from('not an image'), 'a.png', key)).status).toBe(400);
    expect(await keysOf(server.db, userId)).toBe(keysBefore);
    expect(await uploadRows()).toBe(rowsBefore);
    expect(await storedFiles()).toBe(filesBefore);
    expect((await upload(PNG_1X1, 'a.png', key)).status).toBe(200);
  });

  it('two concurrent uploads with one key store one file; an expired key stores again', async () => {
    const key = newKey();
    const [rowsBefore, filesBefore] = [await uploadRows(), await storedFiles()];
    const answers = await Promise.all([1, 2, 3].map(() => upload(PNG_1X1, '并发.png', key)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.data.url).toBe(answers[0]?.body.data.url);
    }
    expect(await uploadRows()).toBe(rowsBefore + 1);
    expect(await storedFiles()).toBe(filesBefore + 1);
    await expire(server.db, userId, key);
    const later = await upload(PNG_1X1, '并发.png', key);
    expect(later.body.data.url).not.toBe(answers[0]?.body.data.url);
    expect(await storedFiles()).toBe(filesBefore + 2);
  });
});

describe('the OpenAPI document', () => {
  it('documents the optional Idempotency-Key header on exactly the idempotent operations', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    type Parameter = { in: string; name: string; required?: boolean; description?: string; schema?: { pattern?: string } };
    const document = JSON.parse(response.body) as { paths: Record<string, Record<string, { operationId?: string; parameters?: Parameter[] }>> };
    const withHeader = new Set<string>();
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations)) {
        const header = operation.parameters?.find((parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key');
        if (!header || !operation.operationId) continue;
        withHeader.add(operation.operationId);
        expect(header.required ?? false).toBe(false);
        expect(header.schema?.pattern).toBe(IDEMPOTENCY_KEY_PATTERN);
        expect(header.description).toMatch(/24 小时/);
        expect(header.description).toMatch(/409/);
      }
    }
    const idempotent = ENDPOINTS.filter((endpoint) => 'idempotent' in endpoint && endpoint.idempotent).map((endpoint) => endpoint.name);
    expect(idempotent).toEqual(expect.arrayContaining(['followUpCreate', 'attendanceClockIn', 'attendanceClockOut', 'weeklyReportCreate', 'halfMonthReportCreate', 'uploadImage']));
    expect([...withHeader].sort()).toEqual([...idempotent].sort());
  });
});
