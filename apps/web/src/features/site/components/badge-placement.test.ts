import { afterEach, describe, expect, it } from 'vitest';
import { BADGE_PLACE_KEY, DEFAULT_PLACE, freeTop, keepDraggedPlace, readDraggedPlace } from './badge-placement';

describe('freeTop', () => {
  const height = 28;

  it('keeps the preferred top when nothing lies there', () => {
    expect(freeTop(160, height, [], 0, 800)).toBe(160);
    expect(freeTop(160, height, [[100, 160], [188, 240]], 0, 800)).toBe(160);
  });

  it('steps to the nearest free place, up or down', () => {
    // A control from 150 to 200: above it (122) is nearer than below it (200).
    expect(freeTop(160, height, [[150, 200]], 0, 800)).toBe(122);
    // A control from 140 to 175: below it (175) is nearer than above it (112).
    expect(freeTop(160, height, [[140, 175]], 0, 800)).toBe(175);
  });

  it('skips gaps too small for the badge', () => {
    // Rows of 44 px with 8 px between them: the badge fits nowhere among them, so below the last.
    const rows: [number, number][] = [0, 1, 2, 3, 4].map((index) => [100 + index * 52, 144 + index * 52]);
    expect(freeTop(160, height, rows, 100, 800)).toBe(352);
    // With the area's top free, the nearer place wins.
    expect(freeTop(160, height, rows, 0, 800)).toBe(72);
  });

  it('stays inside the area and keeps the preferred top when there is no free place', () => {
    expect(freeTop(160, height, [[0, 900]], 0, 800)).toBe(160);
    expect(freeTop(790, height, [], 0, 772)).toBe(772);
  });
});

describe('the dragged place', () => {
  afterEach(() => window.sessionStorage.clear());

  it('is remembered for the session, and absent until a drag', () => {
    expect(readDraggedPlace()).toBeNull();
    keepDraggedPlace({ side: 'left', top: 420 });
    expect(readDraggedPlace()).toEqual({ side: 'left', top: 420 });
    expect(JSON.parse(window.sessionStorage.getItem(BADGE_PLACE_KEY) ?? 'null')).toEqual({ side: 'left', top: 420 });
  });

  it('ignores what is not a place', () => {
    for (const raw of ['x', '{}', '{"side":"up","top":1}', '{"side":"left","top":-5}', '{"side":"left","top":"9"}', 'null']) {
      window.sessionStorage.setItem(BADGE_PLACE_KEY, raw);
      expect(readDraggedPlace(), raw).toBeNull();
    }
  });

  it('starts from the spec place: right 0, top 160', () => {
    expect(DEFAULT_PLACE).toEqual({ side: 'right', top: 160 });
  });
});
