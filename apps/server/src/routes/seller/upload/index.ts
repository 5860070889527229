import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { routeOf } from '../../route-of.js';
import * as ROUTES from '@sales/contract/routes';
import type { FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { badRequest, notFound } from '../../../lib/errors.js';
import { ok } from '../../../lib/reply.js';
import { currentUser } from '../../../plugins/app/auth/authentication.js';
import { sha256 } from '../../../plugins/app/idempotency/idempotency.js';
import { sniffImage } from '../../../plugins/app/uploads/storage.js';

const tags = ['upload'];
/** What sniffImage can answer: the only types an uploaded file is served as. */
const SERVED_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** The one uploaded file. A malformed multipart body is the client's fault: 400, not 500. */
async function readSingleFile(request: FastifyRequest): Promise<{ filename: string; data: Buffer }> {
  try {
    const file = await request.file();
    if (!file) throw badRequest('请选择要上传的图片');
    return { filename: file.filename, data: await file.toBuffer() };
  } catch (error) {
    // Busboy reports a broken body (no boundary, truncated parts) with plain errors that have no
    // status; our own and @fastify/multipart's errors (413 limits) carry one and pass through.
    if (error instanceof Error && !('statusCode' in error)) throw badRequest('上传内容不完整，请重新上传');
    throw error;
  }
}

/** Image upload (checked by content, size-limited) and the read-back of stored images. */
const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: { fileSize: app.config.maxUploadBytes, files: 1, fields: 10, parts: 12 } });

  app.route({
    ...routeOf(app, ROUTES.uploadImage, { tags, security: [{ token: [] }], summary: '上传图片（JPEG、PNG、GIF、WebP，5MB 以内）', consumes: ['multipart/form-data'] }),
    onRequest: app.authenticate,
    handler: async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw badRequest('请以表单方式上传图片');
      const { filename, data } = await readSingleFile(request);
      if (data.length === 0) throw badRequest('图片内容为空');
      const kind = sniffImage(data);
      if (!kind) throw badRequest('只能上传 JPG、PNG、GIF 或 WebP 格式的图片');
      const originalName = filename.slice(0, 255);
      // The file is stored only when the key is claimed (a replay stores nothing), and removed
      // again when the write or the transaction around it fails.
      let stored: string | undefined;
      try {
        return ok(
          await app.idempotency.run(request, 'uploadImage', { file: sha256(data), filename }, async (db) => {
            const key = `${randomBytes(16).toString('hex')}.${kind.ext}`;
            stored = key;
            await app.storage.put(key, data);
            await app.uploads.record({ key, ownerId: user.id, contentType: kind.contentType, size: data.length, originalName }, db);
            return { url: `/seller/upload/files/${key}`, name: originalName, size: data.length, contentType: kind.contentType };
          }),
        );
      } catch (error) {
        if (stored) await app.storage.delete(stored);
        throw error;
      }
    },
  });

  app.route({
    ...routeOf(app, ROUTES.uploadFile, { tags, summary: '读取已上传的图片' }),
    handler: async (request, reply) => {
      const row = await app.uploads.find(request.params.key);
      const data = row ? await app.storage.get(row.key) : null;
      if (!row || !data) throw notFound('图片不存在');
      // Only the image types upload accepts are shown inline; anything else (a row written some
      // other way) is a download, never rendered as HTML or SVG.
      const image = SERVED_IMAGE_TYPES.has(row.contentType);
      return reply
        .header('Content-Type', image ? row.contentType : 'application/octet-stream')
        .header('Content-Disposition', image ? 'inline' : 'attachment')
        .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .send(data);
    },
  });
};

export default uploadRoutes;
