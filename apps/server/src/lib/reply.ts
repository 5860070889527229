/** The DESIGN §5 success envelope. */
export function ok<T>(data: T): { code: 200; msg: string; data: T } {
  return { code: 200, msg: '操作成功', data };
}
