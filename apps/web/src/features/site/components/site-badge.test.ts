// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { snapBadge } from './site-badge';

describe('snapBadge', () => {
  const [width, height, areaWidth, areaHeight] = [120, 28, 390, 844];

  it('snaps to the nearer side edge', () => {
    expect(snapBadge(40, 300, width, height, areaWidth, areaHeight)).toEqual({ side: 'left', top: 300 });
    expect(snapBadge(200, 300, width, height, areaWidth, areaHeight)).toEqual({ side: 'right', top: 300 });
  });

  it('snaps to the top or bottom edge within the 10 px threshold, not beyond it', () => {
    expect(snapBadge(0, 9, width, height, areaWidth, areaHeight).top).toBe(0);
    expect(snapBadge(0, 10, width, height, areaWidth, areaHeight).top).toBe(10);
    expect(snapBadge(0, areaHeight - height - 9, width, height, areaWidth, areaHeight).top).toBe(areaHeight - height);
    expect(snapBadge(0, areaHeight - height - 10, width, height, areaWidth, areaHeight).top).toBe(areaHeight - height - 10);
  });

  it('keeps the badge inside the area', () => {
    expect(snapBadge(0, -50, width, height, areaWidth, areaHeight).top).toBe(0);
    expect(snapBadge(0, 5000, width, height, areaWidth, areaHeight).top).toBe(areaHeight - height);
  });
});
