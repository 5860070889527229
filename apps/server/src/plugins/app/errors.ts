import { FIELD_LABELS, IDEMPOTENCY_HEADER, IDEMPOTENCY_MESSAGES, STANDARD_FIELD_MESSAGES } from '@sales/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.js';

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** Headers a route schema validates, by their lower-case name: what a wrong value is told. */
const HEADER_MESSAGES: Record<string, string> = { [IDEMPOTENCY_HEADER.toLowerCase()]: IDEMPOTENCY_MESSAGES.badKey };

/** A Chinese sentence for a schema failure, naming the field the user can fix. */
export function validationMessage(issues: readonly ValidationIssue[]): string {
  const issue = issues[0];
  if (!issue) return '请求参数不正确';
  const missing = typeof issue.params?.missingProperty === 'string' ? issue.params.missingProperty : undefined;
  // An item of a list is named by its list: /images/0 is 图片.
  const field = missing ?? issue.instancePath?.split('/').filter((segment) => segment !== '' && !/^\d+$/.test(segment)).pop() ?? '';
  const headerMessage = HEADER_MESSAGES[field];
  if (headerMessage) return headerMessage;
  const label = FIELD_LABELS[field] ?? (field ? `参数 ${field}` : '请求参数');
  if (issue.keyword === 'required') return `请填写${label}`;
  if (issue.keyword === 'maxLength') return `${label}过长`;
  if (issue.keyword === 'minLength') return `请填写${label}`;
  if (issue.keyword === 'additionalProperties') return '请求包含不支持的参数';
  const fieldMessage = STANDARD_FIELD_MESSAGES[field];
  if (fieldMessage) return fieldMessage;
  return `${label}格式不正确`;
}

/** Chinese messages for the framework's own 4xx failures. */
const FRAMEWORK_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, '不支持的请求格式'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, '请求内容不能为空'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, '请求内容长度不正确'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, '请求内容过大'],
  FST_REQ_FILE_TOO_LARGE: [413, '文件过大'],
  FST_FILES_LIMIT: [413, '一次只能上传一个文件'],
  FST_PARTS_LIMIT: [413, '上传内容过多'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, '请以表单方式上传文件'],
  FST_ERR_BAD_URL: [400, '请求地址不正确'],
  FST_ERR_MAX_PARAM_LENGTH: [414, '请求地址过长'],
  FST_ERR_ASYNC_CONSTRAINT: [400, '请求无法处理'],
};

/**
 * The router's own failures (a URL that does not decode, a path parameter over its length limit),
 * which never reach the error handler: Fastify's `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, msg] = FRAMEWORK_MESSAGES[error.code] ?? [400, '请求无法处理'];
  reply.status(status).send({ code: status, msg, data: null });
}

/** One error handler for the whole API: every failure becomes the envelope, never internals. */
export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.statusCode).send({ code: error.statusCode, msg: error.message, data: error.data });
      }
      if (error.validation) {
        return reply.status(400).send({ code: 400, msg: validationMessage(error.validation), data: null });
      }
      const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
      if (known) {
        return reply.status(known[0]).send({ code: known[0], msg: known[1], data: null });
      }
      if (error instanceof SyntaxError || error.statusCode === 400) {
        return reply.status(400).send({ code: 400, msg: '请求内容格式不正确', data: null });
      }
      if (error.statusCode === 429) {
        return reply.status(429).send({ code: 429, msg: '请求过于频繁，请稍后再试', data: null });
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply.status(error.statusCode).send({ code: error.statusCode, msg: '请求无法处理', data: null });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ code: 500, msg: '服务器开小差了，请稍后再试', data: null });
    });

    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({ code: 404, msg: request.url.startsWith('/seller/') ? '接口不存在' : '页面不存在', data: null });
    });
  },
  { name: 'errors' },
);
