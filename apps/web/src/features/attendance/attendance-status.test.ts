// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { personDay, siteDay } from './attendance-status';

const counts = (values: Partial<Record<'normal' | 'late' | 'early' | 'missing' | 'leave' | 'none', number>>) => ({ normal: 0, late: 0, early: 0, missing: 0, leave: 0, none: 0, ...values });

describe('siteDay', () => {
  it('is green when every record is in order, and says so', () => {
    expect(siteDay(counts({ normal: 5, leave: 1 }))).toEqual({ tone: 'normal', mark: '正常', description: '正常5人，请假1人' });
  });

  it('counts late, early and missing records as irregular; a missing clock makes the day red', () => {
    expect(siteDay(counts({ normal: 4, late: 1, early: 1 }))).toMatchObject({ tone: 'warn', mark: '异常2' });
    expect(siteDay(counts({ normal: 4, late: 1, missing: 1, none: 2 }))).toEqual({ tone: 'bad', mark: '异常2', description: '正常4人，迟到1人，缺卡1人，未打卡2人' });
  });

  it('leaves a day without any record (a weekend) unmarked', () => {
    expect(siteDay(counts({ none: 6 }))).toBeUndefined();
  });
});

describe('personDay', () => {
  it('names the status of a member’s day', () => {
    expect(personDay(['late'])).toEqual({ tone: 'warn', mark: '迟到', description: '迟到' });
    expect(personDay(['leave'])?.tone).toBe('leave');
    expect(personDay(null)).toBeUndefined();
    // A past working day without a record is the month's 未打卡, marked on the calendar too.
    expect(personDay(null, true)).toEqual({ tone: 'bad', mark: '未打卡', description: '未打卡' });
    expect(personDay(['normal'], false)?.mark).toBe('正常');
  });

  it('names every status that applies, in the colour of the worst', () => {
    expect(personDay(['late', 'early'])).toEqual({ tone: 'warn', mark: '迟到早退', description: '迟到，早退' });
    expect(personDay(['late', 'missing'])).toEqual({ tone: 'bad', mark: '迟到缺卡', description: '迟到，缺卡' });
  });
});
