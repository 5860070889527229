import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureApiClient, download, request, RuntimeError, upload, withQuery } from './api-client';
import { useNetworkStatus } from './network-status';
import { showToast } from './toast';

vi.mock('./toast', () => ({ showToast: vi.fn() }));

const toast = vi.mocked(showToast);
const onUnauthorized = vi.fn();
const fetchMock = vi.fn<typeof fetch>();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function lastCall(): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return { url: String(call[0]), init: call[1] ?? {} };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  configureApiClient({ getToken: () => 'tok-1', getSiteId: () => 101, onUnauthorized });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  toast.mockReset();
  onUnauthorized.mockReset();
});

describe('request', () => {
  it('sends platform, Authorization and Version headers and returns data on HTTP 200 + code 200', async () => {
    fetchMock.mockImplementation(async () => json(200, { code: 200, msg: 'ok', data: { a: 1 } }));
    await expect(request({ url: '/seller/version' })).resolves.toEqual({ a: 1 });
    const { init } = lastCall();
    expect(init.headers).toMatchObject({ platform: 'h5', Authorization: 'tok-1', Version: '2.0.1' });
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('appends the query object to the URL and sends JSON bodies for other methods', async () => {
    fetchMock.mockImplementation(async () => json(200, { code: 200, msg: '', data: null }));
    await request({ url: '/seller/x', method: 'POST', query: { page: 2, q: '张', skip: undefined }, data: { a: 1 } });
    const { url, init } = lastCall();
    expect(url).toBe('/seller/x?page=2&q=%E5%BC%A0');
    expect(JSON.parse(String(init.body))).toEqual({ a: 1 });
    expect(withQuery('/a?b=1', { c: 2 })).toBe('/a?b=1&c=2');
  });

  it('adds the current siteId on site-scoped paths and removes a null siteId', async () => {
    fetchMock.mockImplementation(async () => json(200, { code: 200, msg: '', data: null }));
    await request({ url: '/seller/fenghe/staff/customer/list', method: 'POST', data: { page: 1 } });
    expect(JSON.parse(String(lastCall().init.body))).toEqual({ page: 1, siteId: 101 });
    await request({ url: '/seller/fenghe/staff/customer/list', method: 'POST', data: { siteId: null } });
    expect(JSON.parse(String(lastCall().init.body))).toEqual({});
    await request({ url: '/seller/weekly/staff/before/create', method: 'POST' });
    expect(JSON.parse(String(lastCall().init.body))).toEqual({ siteId: 101 });
    await request({ url: '/seller/user/info', method: 'POST', data: { id: 1 } });
    expect(JSON.parse(String(lastCall().init.body))).toEqual({ id: 1 });
  });

  it.each([
    ['HTTP 401', () => json(401, { code: 401, msg: 'x', data: null })],
    ['body code 401', () => json(200, { code: 401, msg: 'x', data: null })],
    ['body status 401', () => json(200, { status: 401, msg: 'x', data: null })],
  ])('on %s toasts 登录过期 and ends the session', async (_name, response) => {
    fetchMock.mockImplementation(async () => response());
    await expect(request({ url: '/seller/user/info', method: 'POST' })).rejects.toBeInstanceOf(ApiError);
    expect(toast).toHaveBeenCalledWith('登录过期，请重新登录');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('treats a body status 401 as expiry whatever its code says', async () => {
    fetchMock.mockImplementation(async () => json(200, { code: 500, status: 401, msg: 'x', data: null }));
    await expect(request({ url: '/seller/a' })).rejects.toMatchObject({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('ends the session once when several calls answer 401 together', async () => {
    let token: string | null = 'tok-1';
    const endSession = vi.fn(() => {
      token = null;
    });
    configureApiClient({ getToken: () => token, getSiteId: () => 101, onUnauthorized: endSession });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fetchMock.mockImplementation(async () => {
      await gate;
      return json(401, { code: 401, msg: 'x', data: null });
    });
    const calls = [request({ url: '/seller/a' }), request({ url: '/seller/b' }), request({ url: '/seller/c' })].map((call) => call.catch((error: unknown) => error));
    release();
    const errors = await Promise.all(calls);
    expect(errors.every((error) => error instanceof ApiError && error.code === 401)).toBe(true);
    expect(endSession).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('does not end a new session for a late 401 of the previous one', async () => {
    let token: string | null = 'old';
    configureApiClient({ getToken: () => token, getSiteId: () => 101, onUnauthorized });
    fetchMock.mockImplementation(async () => {
      token = 'new';
      return json(401, { code: 401, msg: 'x', data: null });
    });
    await expect(request({ url: '/seller/a' })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it('toasts the server message of any other failure, or 请求错误 when it is empty', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { code: 400, msg: '手机号或密码错误', data: null }));
    await expect(request({ url: '/seller/a' })).rejects.toMatchObject({ code: 400, message: '手机号或密码错误' });
    expect(toast).toHaveBeenLastCalledWith('手机号或密码错误');
    fetchMock.mockResolvedValueOnce(json(200, { code: 500, msg: '', data: null }));
    await expect(request({ url: '/seller/a' })).rejects.toBeInstanceOf(ApiError);
    expect(toast).toHaveBeenLastCalledWith('请求错误');
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(request({ url: '/seller/a' })).rejects.toMatchObject({ status: 502 });
    expect(toast).toHaveBeenLastCalledWith('请求错误');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps the data a failure carries (新建客户’s duplicates), null when it has none', async () => {
    const duplicates = [{ relation: 'mine', id: 7, name: '人民路便利店', ownerName: null, matched: 'phone' }];
    fetchMock.mockResolvedValueOnce(json(409, { code: 409, msg: '该客户已存在', data: { duplicates } }));
    await expect(request({ url: '/seller/a', hideErrorToast: true })).rejects.toMatchObject({ status: 409, message: '该客户已存在', data: { duplicates } });
    fetchMock.mockResolvedValueOnce(json(400, { code: 400, msg: '请求参数不正确', data: null }));
    await expect(request({ url: '/seller/a', hideErrorToast: true })).rejects.toMatchObject({ status: 400, data: null });
  });

  it('does not toast when the call asks to hide it', async () => {
    fetchMock.mockImplementation(async () => json(500, { code: 500, msg: '服务器开小差了', data: null }));
    await expect(request({ url: '/seller/a', hideErrorToast: true })).rejects.toBeInstanceOf(ApiError);
    expect(toast).not.toHaveBeenCalled();
  });

  it('maps a network failure to 网络错误 with runtime code 5', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await request({ url: '/seller/a' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RuntimeError);
    expect(error).toMatchObject({ errMsg: 'network error', code: 5 });
    expect(toast).toHaveBeenCalledWith('网络错误，换个网络试试');
  });

  it('times out with runtime code 5 "timeout" and defaults to 1,000,000 ms', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = request({ url: '/seller/a' }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(999_999);
    expect(toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ errMsg: 'timeout', code: 5 });
  });

  it('reports an aborted call as "abort" with code 600003 and no toast', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = request({ url: '/seller/a', signal: controller.signal }).catch((caught: unknown) => caught);
    controller.abort();
    expect(await pending).toMatchObject({ errMsg: 'abort', code: 600003 });
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('upload and download', () => {
  it('uploads one file as multipart POST with the common headers', async () => {
    fetchMock.mockImplementation(async () => json(200, { code: 200, msg: '', data: { url: '/u/1.png' } }));
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    await expect(upload({ url: '/seller/upload/img', file })).resolves.toEqual({ url: '/u/1.png' });
    const { init } = lastCall();
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(init.headers).toMatchObject({ platform: 'h5', Authorization: 'tok-1' });
  });

  it('fails with "file error" when there is no file to read', async () => {
    await expect(upload({ url: '/seller/upload/img', file: null })).rejects.toMatchObject({ errMsg: 'file error' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uses runtime code 602001 for transfer network errors', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const file = new File(['x'], 'a.png');
    await expect(upload({ url: '/seller/upload/img', file })).rejects.toMatchObject({ code: 602001 });
    await expect(download({ url: '/seller/report.pdf' })).rejects.toMatchObject({ code: 602001 });
    expect(toast).toHaveBeenCalledWith('网络错误，换个网络试试');
  });

  it('downloads as a blob with GET', async () => {
    fetchMock.mockImplementation(async () => new Response('%PDF-1.4', { status: 200 }));
    const blob = await download({ url: '/seller/report.pdf', query: { id: 3 } });
    expect(await blob.text()).toBe('%PDF-1.4');
    expect(lastCall().url).toBe('/seller/report.pdf?id=3');
    expect(lastCall().init.method).toBe('GET');
  });
});

describe('the offline notice', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    useNetworkStatus.setState({ offline: false, retries: 0 });
  });

  it('is raised by a call that cannot reach the server', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request({ url: '/seller/a', hideErrorToast: true })).rejects.toBeInstanceOf(RuntimeError);
    expect(useNetworkStatus.getState().offline).toBe(true);
  });

  it.each([
    ['a success', () => json(200, { code: 200, msg: '', data: null })],
    ['an error answer', () => json(500, { code: 500, msg: '服务器错误', data: null })],
  ])('goes as soon as a call gets %s through, while the browser still says offline', async (_name, response) => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    useNetworkStatus.getState().markOffline();
    fetchMock.mockImplementation(async () => response());
    await request({ url: '/seller/a', hideErrorToast: true }).catch(() => undefined);
    expect(useNetworkStatus.getState().offline).toBe(false);
  });

  it('goes when an upload or a download gets through', async () => {
    useNetworkStatus.getState().markOffline();
    fetchMock.mockImplementation(async () => new Response('%PDF-1.4', { status: 200 }));
    await download({ url: '/seller/weekly/staff/pdf' });
    expect(useNetworkStatus.getState().offline).toBe(false);
    useNetworkStatus.getState().markOffline();
    fetchMock.mockImplementation(async () => json(200, { code: 200, msg: '', data: { url: '/u/1.png' } }));
    await upload({ url: '/seller/upload/img', file: new File(['x'], 'a.png', { type: 'image/png' }) });
    expect(useNetworkStatus.getState().offline).toBe(false);
  });
});
