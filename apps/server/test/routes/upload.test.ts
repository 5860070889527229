import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../src/db/schema.js';
import { call, expectFailure, type FilePart, JPEG_BYTES, login, multipartBody, PHONES, PNG_1X1, pngOfSize, useTestServer } from '../helper.js';

const server = useTestServer();

interface UploadResult {
  url: string;
  name: string;
  size: number;
  contentType: string;
}

let token = '';
let userId = 0;
beforeAll(async () => {
  const session = await login(server.app, PHONES.zhangWei);
  token = session.token;
  userId = session.accountInfo.id;
});

/** Uploads with the logged-in user's token by default; `null` sends no Authorization header. */
function upload(parts: FilePart[], auth: string | null = token) {
  const { payload, headers } = multipartBody(parts);
  return call<UploadResult>(server.app, 'POST', '/seller/upload/img', { payload, headers, ...(auth === null ? {} : { token: auth }) });
}

const file = (filename: string, data: Buffer | string, contentType = 'application/octet-stream'): FilePart => ({ name: 'file', filename, contentType, data });
const countUploads = async () => (await server.db.select().from(uploads)).length;

describe('POST /seller/upload/img', () => {
  it('stores a PNG and serves it back with its type, nosniff and a sandboxing CSP', async () => {
    const response = await upload([file('头像.png', PNG_1X1, 'image/png')]);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ url: expect.stringMatching(/^\/seller\/upload\/files\/[0-9a-f]{32}\.png$/), name: '头像.png', size: PNG_1X1.length, contentType: 'image/png' });

    const [row] = await server.db.select().from(uploads).where(eq(uploads.key, response.body.data.url.split('/').pop() ?? ''));
    expect(row).toMatchObject({ ownerId: userId, contentType: 'image/png', size: PNG_1X1.length });

    const served = await server.app.inject({ method: 'GET', url: response.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('decides the type by content, not by the name or the declared type', async () => {
    const response = await upload([file('photo.txt', JPEG_BYTES, 'text/plain')]);
    expect(response.status).toBe(200);
    expect(response.body.data.contentType).toBe('image/jpeg');
    expect(response.body.data.url).toMatch(/\.jpg$/);
    const served = await server.app.inject({ method: 'GET', url: response.body.data.url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(JPEG_BYTES)).toBe(true);
  });

  it('accepts GIF and WebP too', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20, 1)]);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(20, 2)]);
    expect((await upload([file('a.gif', gif, 'image/gif')])).body.data.contentType).toBe('image/gif');
    expect((await upload([file('a.webp', webp, 'image/webp')])).body.data.contentType).toBe('image/webp');
  });

  it('rejects a file named .png whose content is text, and stores nothing', async () => {
    const before = await countUploads();
    expectFailure(await upload([file('evil.png', 'hello, I am not an image', 'image/png')]), 400, '只能上传 JPG、PNG、GIF 或 WebP 格式的图片');
    expectFailure(await upload([file('page.png', '<html><script>alert(1)</script></html>', 'image/png')]), 400, '只能上传 JPG、PNG、GIF 或 WebP 格式的图片');
    expect(await countUploads()).toBe(before);
  });

  it('accepts an image over the 1 MB JSON body limit and up to 5 MB', async () => {
    const data = pngOfSize(5 * 1024 * 1024);
    const response = await upload([file('big.png', data, 'image/png')]);
    expect(response.status).toBe(200);
    expect(response.body.data.size).toBe(data.length);
    const served = await server.app.inject({ method: 'GET', url: response.body.data.url });
    expect(served.rawPayload.length).toBe(data.length);
  });

  it('rejects a file over 5 MB with 413 and stores nothing', async () => {
    const before = await countUploads();
    expectFailure(await upload([file('huge.png', pngOfSize(5 * 1024 * 1024 + 1), 'image/png')]), 413, '文件过大');
    expect(await countUploads()).toBe(before);
  });

  it('needs a session', async () => {
    const before = await countUploads();
    expectFailure(await upload([file('a.png', PNG_1X1, 'image/png')], null), 401, '登录过期，请重新登录');
    expectFailure(await upload([file('a.png', PNG_1X1, 'image/png')], 'not-a-token'), 401, '登录过期，请重新登录');
    expect(await countUploads()).toBe(before);
  });

  it('asks for a file', async () => {
    expectFailure(await upload([{ name: 'note', data: 'no file here' }]), 400, '请选择要上传的图片');
    expectFailure(await upload([file('empty.png', Buffer.alloc(0), 'image/png')]), 400, '图片内容为空');
  });

  it('asks for a multipart form', async () => {
    expectFailure(await call(server.app, 'POST', '/seller/upload/img', { token, body: { file: 'data:image/png;base64,AAAA' } }), 400, '请以表单方式上传图片');
  });
});

describe('uploads that a browser would render as a page', () => {
  it('refuses SVG and HTML by their bytes, whatever the name and declared type', async () => {
    const before = await countUploads();
    const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';
    for (const part of [
      file('logo.svg', svg, 'image/svg+xml'),
      file('logo.png', svg, 'image/png'),
      file('page.jpg', '<!doctype html><html><body onload="alert(1)"></body></html>', 'image/jpeg'),
      file('polyglot.gif', Buffer.concat([Buffer.from('<html>'), Buffer.from('GIF89a')]), 'image/gif'),
    ]) {
      expectFailure(await upload([part]), 400, '只能上传 JPG、PNG、GIF 或 WebP 格式的图片');
    }
    expect(await countUploads()).toBe(before);
  });

  it('serves an image inline with its own type, nosniff and a sandbox that forbids scripts and framing', async () => {
    const response = await upload([file('a.png', PNG_1X1, 'image/png')]);
    const served = await server.app.inject({ method: 'GET', url: response.body.data.url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  });

  it('serves a stored file of any other type as a download of bytes, never as a page', async () => {
    const response = await upload([file('a.png', PNG_1X1, 'image/png')]);
    const key = response.body.data.url.split('/').pop() ?? '';
    // A row of another type can only come from outside the upload route (a manual import, an old version).
    await server.db.execute(sql`update uploads set content_type = 'image/svg+xml' where key = ${key}`);
    const served = await server.app.inject({ method: 'GET', url: response.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toBe('attachment');
    expect(served.headers['content-security-policy']).toContain('sandbox');
  });
});

describe('GET /seller/upload/files/:key', () => {
  it('answers 404 for an unknown or unsafe key', async () => {
    expectFailure(await call(server.app, 'GET', '/seller/upload/files/0123456789abcdef0123456789abcdef.png'), 404, '图片不存在');
    expectFailure(await call(server.app, 'GET', '/seller/upload/files/..%2F..%2Fpackage.json'), 404);
    expectFailure(await call(server.app, 'GET', '/seller/upload/files/%2Fetc%2Fpasswd'), 404);
  });

  it('answers 400, not 500, for a key with a NUL byte or one that does not decode (issue 11)', async () => {
    expectFailure(await call(server.app, 'GET', '/seller/upload/files/%00'), 400, '请求内容包含无效字符');
    expectFailure(await call(server.app, 'GET', '/seller/upload/files/a%00.png?x=1'), 400, '请求内容包含无效字符');
    expectFailure(await call(server.app, 'GET', '/seller/upload/files/%C0%AE%C0%AE%2F'), 400, '请求地址不正确');
  });
});

describe('malformed multipart bodies', () => {
  it('answers 400, not 500, for a body that does not match its boundary', async () => {
    const truncated = multipartBody([file('a.png', PNG_1X1, 'image/png')]);
    const cut = truncated.payload.subarray(0, truncated.payload.length - 40);
    expectFailure(await call(server.app, 'POST', '/seller/upload/img', { payload: cut, headers: truncated.headers, token }), 400);
    expectFailure(
      await call(server.app, 'POST', '/seller/upload/img', { payload: Buffer.from('garbage'), headers: { 'content-type': 'multipart/form-data; boundary=xyz' }, token }),
      400,
    );
  });

  it('answers 400 for a multipart body without a boundary', async () => {
    expectFailure(await call(server.app, 'POST', '/seller/upload/img', { payload: Buffer.from('garbage'), headers: { 'content-type': 'multipart/form-data' }, token }), 400);
  });
});
