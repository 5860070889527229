import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAINT_GLOBAL, settlePainter, type PaintState } from './painted-page';

const globals = globalThis as unknown as Record<string, PaintState | undefined>;

afterEach(() => {
  globals[PAINT_GLOBAL] = undefined;
});

describe('settlePainter (a painted page loads the app once its painter is done)', () => {
  it('calls the start script once, however often the painter settles', () => {
    const onSettled = vi.fn();
    globals[PAINT_GLOBAL] = { route: 'pages/details/allCustomers', keys: ['k'], onSettled };
    settlePainter();
    settlePainter();
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(globals[PAINT_GLOBAL]?.settled).toBe(true);
  });

  it('marks the state settled for a start script that looks later, and does nothing on a page without a painter', () => {
    globals[PAINT_GLOBAL] = { route: 'pages/details/allCustomers', keys: ['k'] };
    settlePainter();
    expect(globals[PAINT_GLOBAL]?.settled).toBe(true);
    globals[PAINT_GLOBAL] = undefined;
    expect(() => settlePainter()).not.toThrow();
  });
});
