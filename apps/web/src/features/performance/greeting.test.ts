import { describe, expect, it } from 'vitest';
import { greeting } from './greeting';

describe('home’s greeting', () => {
  it('greets by the hour in China, whatever the phone’s zone', () => {
    // 2026-11-29 in UTC: China is 8 hours ahead.
    expect(greeting(new Date('2026-11-28T21:59:00Z'))).toBe('夜深了');
    expect(greeting(new Date('2026-11-28T22:00:00Z'))).toBe('早上好');
    expect(greeting(new Date('2026-11-29T03:59:00Z'))).toBe('早上好');
    expect(greeting(new Date('2026-11-29T04:00:00Z'))).toBe('下午好');
    expect(greeting(new Date('2026-11-29T10:00:00Z'))).toBe('晚上好');
    expect(greeting(new Date('2026-11-29T15:59:00Z'))).toBe('晚上好');
  });
});
