import { chinaCalendar } from '@sales/contract';

/** Home's greeting, by the hour in China like the day the dashboard counts (a phone set to another zone still greets by it). */
export function greeting(now: Date): string {
  const { hour } = chinaCalendar(now);
  if (hour < 6) return '夜深了';
  if (hour < 12) return '早上好';
  if (hour < 18) return '下午好';
  return '晚上好';
}
