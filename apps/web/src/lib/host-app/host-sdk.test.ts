import { beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
const dd = { config: vi.fn(), ready: vi.fn(), error: vi.fn() };
const scan = vi.fn();
const geolocation = vi.fn();
vi.mock('../api-client', () => ({ call: (...args: unknown[]) => call(...args) }));
vi.mock('dingtalk-jsapi/entry/union', () => ({ default: dd }));
vi.mock('dingtalk-jsapi/api/biz/util/scan', () => ({ default: (...args: unknown[]) => scan(...args) }));
vi.mock('dingtalk-jsapi/api/device/geolocation/get', () => ({ default: (...args: unknown[]) => geolocation(...args) }));

const CONFIG = { host: 'dingtalk', corpId: 'ding-corp', agentId: 2000001, corp: { timestamp: 1795790000, nonceStr: 'n0nce', signature: 'abc123' } };

beforeEach(() => {
  vi.resetModules();
  for (const mock of [call, dd.config, dd.ready, dd.error, scan, geolocation]) mock.mockReset();
  call.mockResolvedValue(CONFIG);
  dd.ready.mockImplementation((done: () => void) => done());
});

describe('钉钉 through dingtalk-jsapi', () => {
  it('configures dd once with the server’s signature of this page, then scans and locates in standard coordinates', async () => {
    const { hostScan, hostLocate } = await import('./host-sdk');
    scan.mockResolvedValue({ text: 'XSZS-CUSTOMER:abc12345' });
    geolocation.mockResolvedValue({ latitude: 31.2288111, longitude: 121.4692222, accuracy: 30.6 });
    await expect(hostScan('dingtalk')).resolves.toBe('XSZS-CUSTOMER:abc12345');
    await expect(hostLocate('dingtalk', { highAccuracy: true, timeoutMs: 5_000 })).resolves.toEqual({ latitude: 31.228811, longitude: 121.469222, accuracy: 31 });
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]?.[1]).toEqual({ host: 'dingtalk', url: window.location.href.split('#')[0] });
    expect(dd.config).toHaveBeenCalledTimes(1);
    expect(dd.config.mock.calls[0]?.[0]).toEqual({
      agentId: '2000001',
      corpId: 'ding-corp',
      timeStamp: 1795790000,
      nonceStr: 'n0nce',
      signature: 'abc123',
      type: 0,
      jsApiList: ['biz.util.scan', 'device.geolocation.get'],
    });
    expect(scan.mock.calls[0]?.[0]).toEqual({ type: 'qr' });
    expect(geolocation.mock.calls[0]?.[0]).toEqual({ targetAccuracy: 50, coordinate: 0, withReGeocode: false, useCache: false });
  });

  it('calls a closed scanner cancelled, and a refused configuration a failure that is tried again next time', async () => {
    const { hostScan } = await import('./host-sdk');
    // The module generation host-sdk imported (modules are reset before each test).
    const { HostCancelled } = await import('./detect');
    scan.mockRejectedValue({ errorCode: '-1', errorMessage: '用户取消' });
    await expect(hostScan('dingtalk')).rejects.toBeInstanceOf(HostCancelled);

    vi.resetModules();
    const again = await import('./host-sdk');
    dd.ready.mockReset();
    dd.error.mockImplementation((fail: (error: unknown) => void) => fail({ errorCode: 3, errorMessage: '签名校验失败' }));
    await expect(again.hostScan('dingtalk')).rejects.toMatchObject({ message: expect.stringContaining('签名校验失败') as unknown });
    dd.error.mockReset();
    dd.ready.mockImplementation((done: () => void) => done());
    scan.mockResolvedValue({ text: 'after' });
    await expect(again.hostScan('dingtalk')).resolves.toBe('after');
    expect(dd.config).toHaveBeenCalledTimes(3);
  });
});
