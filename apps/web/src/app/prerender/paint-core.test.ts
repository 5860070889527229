import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_CALLS_GLOBAL } from '../../lib/early-response';
import { PAINT_GLOBAL, type PaintState } from '../../lib/painted-page';
import { startPainter } from './paint-core';

const ROUTE = 'pages/details/customerPool';
const globals = window as unknown as Record<string, unknown>;

/** The inline script's leavings for a route with these answers (app/early-calls.ts). */
function early(answers: Record<string, Promise<Response>>): PaintState {
  window.location.hash = `#/${ROUTE}`;
  const state: PaintState = { route: ROUTE, keys: Object.keys(answers), onSettled: vi.fn() };
  globals[PAINT_GLOBAL] = state;
  globals[EARLY_CALLS_GLOBAL] = Object.fromEntries(Object.entries(answers).map(([key, response]) => [key, { token: 't', at: Date.now(), response }]));
  return state;
}

const answer = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ code: 200, msg: 'ok', data })));

/** Runs a painter and resolves with what it was given, once the core has settled. */
async function run(state: PaintState): Promise<unknown[][]> {
  const painted: unknown[][] = [];
  startPainter<unknown[]>((data) => painted.push(data));
  await vi.waitFor(() => expect(state.settled).toBe(true));
  return painted;
}

afterEach(() => {
  Reflect.deleteProperty(window, PAINT_GLOBAL);
  Reflect.deleteProperty(window, EARLY_CALLS_GLOBAL);
});

describe('startPainter (paint-core.ts)', () => {
  it('waits for every early answer of the route and gives their data in the table’s order', async () => {
    let rules: (response: Response) => void = () => undefined;
    const state = early({ list: answer({ list: [1] }), rules: new Promise<Response>((resolve) => (rules = resolve)) });
    const painted = run(state);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state.settled).toBeUndefined();
    rules(new Response(JSON.stringify({ code: 200, data: { canClaim: true } })));
    expect(await painted).toEqual([[{ list: [1] }, { canClaim: true }]]);
    // The request layer still reads each answer itself.
    const entries = globals[EARLY_CALLS_GLOBAL] as Record<string, { response: Promise<Response> }>;
    expect(await (await entries.list?.response)?.json()).toMatchObject({ data: { list: [1] } });
  });

  it('paints nothing when one of the answers failed or was refused, and lets the app load', async () => {
    expect(await run(early({ list: answer({ list: [1] }), rules: Promise.resolve(new Response('', { status: 500 })) }))).toEqual([]);
    expect(await run(early({ list: answer({ list: [1] }), rules: Promise.resolve(new Response(JSON.stringify({ code: 403, data: null }))) }))).toEqual([]);
    expect(await run(early({ list: answer({ list: [1] }), rules: Promise.reject(new TypeError('Failed to fetch')) }))).toEqual([]);
  });

  it('paints nothing when an answer it was told of is not there (taken by the app already)', async () => {
    const state = early({ list: answer({ list: [1] }) });
    state.keys.push('rules');
    expect(await run(state)).toEqual([]);
  });
});
