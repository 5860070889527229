/** A failure the caller can act on: an HTTP status with a Chinese message for the user. */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    message: string,
    /** What the envelope's data carries for the caller to show (新建客户's duplicates); null for most. */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = '登录过期，请重新登录') => new AppError(401, message);
export const forbidden = (message = '没有权限执行此操作') => new AppError(403, message);
export const notFound = (message = '请求的内容不存在') => new AppError(404, message);
export const conflict = (message: string, data: unknown = null) => new AppError(409, message, data);
export const tooMany = (message: string) => new AppError(429, message);
export const unavailable = (message: string) => new AppError(503, message);
