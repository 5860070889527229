// The phone is set to New York time; the app's times are China time.
const phoneZone = process.env.TZ;
process.env.TZ = 'America/New_York';

import { chinaCalendar } from '@sales/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { instantOfPicked, pickerDateOf } from '../lib/format';
import { DateTimeField } from './date-time-field';

afterEach(cleanup);
afterAll(() => {
  if (phoneZone === undefined) delete process.env.TZ;
  else process.env.TZ = phoneZone;
});

describe('DateTimeField on a phone not set to China time', () => {
  it('is in New York here (the test means something)', () => {
    expect(new Date('2026-11-28T02:00:00Z').getHours()).toBe(21);
  });

  it('shows China time on its wheels and gives back the instant it means', () => {
    const tenInChina = new Date('2026-11-28T10:00:00+08:00');
    const wheels = pickerDateOf(tenInChina);
    expect([wheels.getMonth() + 1, wheels.getDate(), wheels.getHours(), wheels.getMinutes()]).toEqual([11, 28, 10, 0]);
    expect(instantOfPicked(wheels).toISOString()).toBe(tenInChina.toISOString());
  });

  it('saves the China wall time it showed: 28日 10:00 is 10:00 China time, not 10:00 in New York', async () => {
    const onChange = vi.fn();
    const tenInChina = new Date('2026-11-28T10:00:00+08:00');
    render(<DateTimeField title="下次联系时间" suggest={() => tenInChina} onChange={onChange} testId="field" />);
    fireEvent.click(screen.getByTestId('field'));
    const confirm = await screen.findByText('确定');
    // The wheels: year, month, day, hour, minute.
    const wheels = [...document.querySelectorAll('[data-selected="true"]')].map((item) => item.textContent);
    expect(wheels).toEqual(['2026', '11', '28', '10', '00']);
    fireEvent.click(confirm);
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const saved = onChange.mock.calls[0]?.[0] as Date;
    expect(saved.toISOString()).toBe(tenInChina.toISOString());
    expect(chinaCalendar(saved)).toMatchObject({ day: 28, hour: 10, minute: 0 });
  });

  it('shows a chosen value in China time', () => {
    render(<DateTimeField value={new Date('2026-11-28T02:30:00Z')} testId="field" />);
    expect(screen.getByTestId('field').textContent).toBe('2026-11-28 10:30');
  });
});
