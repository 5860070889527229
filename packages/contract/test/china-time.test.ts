import { describe, expect, it } from 'vitest';
import {
  addDays,
  chinaCalendar,
  chinaDayKey,
  chinaDayString,
  chinaMidnight,
  formatChinaDateTime,
  parseChinaDay,
  parseChinaTimestamp,
  startOfChinaDay,
  startOfChinaMonth,
  startOfChinaQuarter,
  startOfChinaWeek,
  startOfChinaYear,
} from '../src/china-time.js';

const at = (text: string) => new Date(text);
// Wednesday 2025-05-14, 10:00 in China.
const now = at('2025-05-14T10:00:00+08:00');

describe('chinaCalendar', () => {
  it('reads the wall clock in China, not in the zone of the machine', () => {
    expect(chinaCalendar(at('2025-12-31T16:30:05Z'))).toEqual({ year: 2026, month: 1, day: 1, hour: 0, minute: 30, second: 5, weekday: 4 });
    expect(chinaCalendar(at('2025-12-31T15:59:59Z'))).toMatchObject({ year: 2025, month: 12, day: 31, hour: 23, weekday: 3 });
  });
});

describe('day strings', () => {
  it('write the China-time day as YYYY-MM-DD, YYYYMMDD and a full date-time', () => {
    expect(chinaDayString(at('2025-06-30T15:59:59Z'))).toBe('2025-06-30');
    expect(chinaDayString(at('2025-06-30T16:00:00Z'))).toBe('2025-07-01');
    expect(chinaDayKey(at('2025-06-30T16:00:00Z'))).toBe('20250701');
    expect(formatChinaDateTime(at('2025-03-04T01:05:09Z'))).toBe('2025-03-04 09:05:09');
  });
});

describe('starts of periods', () => {
  it('start the day, week (Monday), month, quarter and year at midnight in China', () => {
    expect(startOfChinaDay(now)).toEqual(at('2025-05-14T00:00:00+08:00'));
    expect(startOfChinaWeek(now)).toEqual(at('2025-05-12T00:00:00+08:00'));
    expect(startOfChinaMonth(now)).toEqual(at('2025-05-01T00:00:00+08:00'));
    expect(startOfChinaQuarter(now)).toEqual(at('2025-04-01T00:00:00+08:00'));
    expect(startOfChinaYear(now)).toEqual(at('2025-01-01T00:00:00+08:00'));
  });

  it('use the China day when UTC is still on the day before', () => {
    const newYear = at('2025-12-31T16:30:00Z'); // 2026-01-01 00:30 in China, a Thursday
    expect(startOfChinaDay(newYear)).toEqual(at('2026-01-01T00:00:00+08:00'));
    expect(startOfChinaWeek(newYear)).toEqual(at('2025-12-29T00:00:00+08:00'));
    expect(startOfChinaMonth(newYear)).toEqual(at('2026-01-01T00:00:00+08:00'));
    expect(startOfChinaQuarter(newYear)).toEqual(at('2026-01-01T00:00:00+08:00'));
    expect(startOfChinaYear(newYear)).toEqual(at('2026-01-01T00:00:00+08:00'));
  });

  it('start a Sunday week on the Monday before, and a Monday week on itself', () => {
    expect(startOfChinaWeek(at('2025-06-01T09:00:00+08:00'))).toEqual(at('2025-05-26T00:00:00+08:00'));
    expect(startOfChinaWeek(at('2025-05-12T00:00:00+08:00'))).toEqual(at('2025-05-12T00:00:00+08:00'));
  });

  it('put the last instant of a quarter in that quarter', () => {
    expect(startOfChinaQuarter(at('2025-09-30T23:59:59.999+08:00'))).toEqual(at('2025-07-01T00:00:00+08:00'));
    expect(startOfChinaQuarter(at('2025-10-01T00:00:00+08:00'))).toEqual(at('2025-10-01T00:00:00+08:00'));
  });
});

describe('chinaMidnight and addDays', () => {
  it('reach last month, last year and month ends by running over', () => {
    expect(chinaMidnight(2025, 0)).toEqual(at('2024-12-01T00:00:00+08:00'));
    expect(chinaMidnight(2024, 3, 0)).toEqual(at('2024-02-29T00:00:00+08:00'));
    expect(chinaMidnight(2025, 5, 14)).toEqual(startOfChinaDay(now));
  });

  it('moves by whole days', () => {
    expect(addDays(at('2025-02-28T00:00:00+08:00'), 1)).toEqual(at('2025-03-01T00:00:00+08:00'));
    expect(addDays(now, -14)).toEqual(at('2025-04-30T10:00:00+08:00'));
  });
});

describe('parseChinaDay', () => {
  it('reads YYYY-MM-DD as midnight in China', () => {
    expect(parseChinaDay('2025-05-14')).toEqual(at('2025-05-14T00:00:00+08:00'));
    expect(parseChinaDay('2024-02-29')).toEqual(at('2024-02-29T00:00:00+08:00'));
  });

  it('refuses days that do not exist and other spellings', () => {
    for (const text of ['2025-02-29', '2025-13-01', '2025-04-31', '2025-5-14', '2025/05/14', '20250514', ' 2025-05-14', '']) {
      expect(parseChinaDay(text), text).toBeNull();
    }
  });
});

describe('parseChinaTimestamp', () => {
  it('takes a time without an offset as China time', () => {
    expect(parseChinaTimestamp('2026-01-05 09:00')).toEqual(at('2026-01-05T09:00:00+08:00'));
    expect(parseChinaTimestamp('2026-01-05T09:00:30.5')).toEqual(at('2026-01-05T09:00:30.500+08:00'));
    expect(parseChinaTimestamp('2026-01-05')).toEqual(at('2026-01-05T00:00:00+08:00'));
  });

  it('honours Z and explicit offsets', () => {
    expect(parseChinaTimestamp('2026-01-05T09:00:00Z')).toEqual(at('2026-01-05T09:00:00Z'));
    expect(parseChinaTimestamp('2026-01-05T09:00:00-0530')).toEqual(at('2026-01-05T09:00:00-05:30'));
    expect(parseChinaTimestamp(' 2026-01-05T09:00:00+08:00 ')).toEqual(at('2026-01-05T09:00:00+08:00'));
  });

  it('refuses anything that is not a real instant', () => {
    for (const text of ['2026-02-30T09:00', '2026-01-05T24:00', '2026-01-05T09:60', '2026-01-05T09:00+15:00', 'yesterday', '']) {
      expect(parseChinaTimestamp(text), text).toBeNull();
    }
  });
});

describe('years before 1000', () => {
  it('keeps the year as written: four digits, and years 0–99 not read as 1900–1999', () => {
    expect(chinaDayString(chinaMidnight(651, 12, 31))).toBe('0651-12-31');
    expect(chinaDayKey(chinaMidnight(51, 2, 1))).toBe('00510201');
    expect(chinaCalendar(chinaMidnight(51, 2, 1)).year).toBe(51);
    expect(chinaDayString(addDays(chinaMidnight(651, 12, 28), 4))).toBe('0652-01-01');
    expect(parseChinaDay('0051-02-28')).toEqual(chinaMidnight(51, 2, 28));
    expect(parseChinaDay('0051-02-29')).toBeNull();
    expect(parseChinaDay('0000-01-01')).toBeNull();
  });
});
