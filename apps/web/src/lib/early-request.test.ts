import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarlyRequest, takeEarlyRequest } from './early-request';

afterEach(() => {
  vi.useRealTimers();
});

describe('early requests', () => {
  it('hand their answer to the first taker only', async () => {
    startEarlyRequest('home:101', async () => ({ total: 3 }));
    const taken = takeEarlyRequest<{ total: number }>('home:101');
    expect(await taken).toEqual({ total: 3 });
    expect(takeEarlyRequest('home:101')).toBeNull();
    expect(takeEarlyRequest('home:102')).toBeNull();
  });

  it('are not used once they are older than 10 s', () => {
    vi.useFakeTimers();
    startEarlyRequest('home:101', async () => 1);
    vi.advanceTimersByTime(10_001);
    expect(takeEarlyRequest('home:101')).toBeNull();
  });

  it('pass a failure to the taker, and raise none when nobody takes them', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    startEarlyRequest('home:101', async () => {
      throw new Error('网络错误');
    });
    startEarlyRequest('home:102', async () => {
      throw new Error('never taken');
    });
    await expect(takeEarlyRequest('home:101')).rejects.toThrow('网络错误');
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('are not started once the page asked before them: the call is not sent twice', () => {
    expect(takeEarlyRequest('home:103')).toBeNull();
    const run = vi.fn(async () => 1);
    startEarlyRequest('home:103', run);
    expect(run).not.toHaveBeenCalled();
    expect(takeEarlyRequest('home:103')).toBeNull();
  });
});
