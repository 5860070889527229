import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_AFTER_INTERACTION_MS, whenSettled } from './prefetch-files';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('when the next pages’ files are prefetched', () => {
  it('waits for the network to have been quiet that long after the load', () => {
    const task = vi.fn();
    const quietMs = performance.now() + 10_000;
    whenSettled(task, quietMs);
    vi.advanceTimersByTime(5_000);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('starts shortly after the first touch, once', () => {
    const task = vi.fn();
    whenSettled(task, 600_000);
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(PREFETCH_AFTER_INTERACTION_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(700_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled (the page was left)', () => {
    const task = vi.fn();
    const cancel = whenSettled(task, 1_000);
    cancel();
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(10_000);
    expect(task).not.toHaveBeenCalled();
  });
});
