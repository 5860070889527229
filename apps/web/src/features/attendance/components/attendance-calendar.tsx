import { MonthStepper } from '../../../components/month-stepper';
import { monthGrid, monthLabel } from '../../../lib/month';

export type DayTone = 'normal' | 'warn' | 'bad' | 'leave' | 'off';

export interface CalendarDay {
  tone: DayTone;
  /** A short mark under the date (异常 2, 迟到…), and what a screen reader says of the day. */
  mark?: string;
  description: string;
}

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];

interface AttendanceCalendarProps {
  /** 'YYYY-MM' */
  month: string;
  /** The selected day 'YYYY-MM-DD', or null. */
  selected: string | null;
  /** Today in China time: later days cannot be chosen. */
  today: string;
  day(date: string): CalendarDay | undefined;
  onSelect(date: string): void;
  onMonthChange(month: string): void;
  /** The earliest month the user may page back to. */
  min: string;
}

/** A month of attendance, Monday first: each day coloured by how it went, tap to open the day. */
export function AttendanceCalendar({ month, selected, today, day, onSelect, onMonthChange, min }: AttendanceCalendarProps) {
  return (
    <section className="att-calendar" data-testid="attendance-calendar">
      <MonthStepper month={month} onChange={onMonthChange} min={min} max={today.slice(0, 7)} testId="attendance-month" />
      <div className="att-calendar__grid" role="grid" aria-label={`${monthLabel(month)}考勤`}>
        {WEEKDAYS.map((weekday) => (
          <span key={weekday} className="att-calendar__weekday" role="columnheader">
            {weekday}
          </span>
        ))}
        {monthGrid(month).map((date, index) => {
          if (!date) return <span key={`blank-${index}`} className="att-calendar__blank" />;
          const info = day(date);
          const future = date > today;
          const classes = ['att-calendar__day', `att-calendar__day--${future ? 'future' : (info?.tone ?? 'off')}`];
          if (date === selected) classes.push('att-calendar__day--selected');
          if (date === today) classes.push('att-calendar__day--today');
          return (
            <button
              key={date}
              type="button"
              role="gridcell"
              className={classes.join(' ')}
              disabled={future}
              aria-selected={date === selected}
              aria-label={`${Number(date.slice(8))}日 ${future ? '' : (info?.description ?? '无记录')}`}
              onClick={() => onSelect(date)}
              data-testid={`attendance-day-${date}`}
            >
              <span className="att-calendar__date">{Number(date.slice(8))}</span>
              <span className="att-calendar__mark">{future ? '' : (info?.mark ?? '')}</span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
