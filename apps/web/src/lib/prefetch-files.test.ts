import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_AFTER_INTERACTION_MS, runRouteScriptsInTurn, whenSettled, type RouteFiles } from './prefetch-files';

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

describe('runRouteScriptsInTurn', () => {
  const table: RouteFiles = {
    files: ['shared-a.js', 'shared-a.css', 'lib-b.js', 'page-c.js', 'other-d.js'],
    routes: { 'pages/x': [0, 1, 2, 3], 'pages/y': [4] },
    base: 'http://localhost:3000/assets/',
  };

  it('imports the route’s scripts in the table’s order (each after its imports), each in a task of its own, and goes on past a failure', async () => {
    const loaded: string[] = [];
    const load = vi.fn(async (url: string) => {
      loaded.push(url);
      if (url.endsWith('lib-b.js')) throw new Error('offline');
    });
    let done = false;
    const running = runRouteScriptsInTurn('pages/x', load, table).then(() => (done = true));
    // The first import at once; the next only in a later task (a timer), one per task.
    for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
    expect(loaded).toEqual(['http://localhost:3000/assets/shared-a.js']);
    await vi.runOnlyPendingTimersAsync();
    expect(loaded).toEqual(['http://localhost:3000/assets/shared-a.js', 'http://localhost:3000/assets/lib-b.js']);
    await vi.runAllTimersAsync();
    await running;
    expect(done).toBe(true);
    expect(loaded).toEqual(['http://localhost:3000/assets/shared-a.js', 'http://localhost:3000/assets/lib-b.js', 'http://localhost:3000/assets/page-c.js']);
  });

  it('imports nothing for a route the table does not know, or without a table', async () => {
    const load = vi.fn(async () => undefined);
    await runRouteScriptsInTurn('pages/z', load, table);
    await runRouteScriptsInTurn('pages/x', load, null);
    expect(load).not.toHaveBeenCalled();
  });
});
