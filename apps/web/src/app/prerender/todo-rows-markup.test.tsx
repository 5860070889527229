import { RETURN_URGENT_DAYS, returnCountdownLabel, type DueFollowUp, type OwedReport, type ReturningCustomer } from '@sales/contract';
import { describe, expect, it } from 'vitest';
import { DueCardView } from '../../features/todo/components/due-card';
import { OwedReportItemView, ReturningItemView } from '../../features/todo/components/todo-list';
import { dueCardText, owedReportText, returningText } from '../../features/todo/todo-text';
import { hasSlot, todoDueLook } from './paint-slots';
import { filled, rendered } from './paint-test-support';
import { todoRowsMarkup } from './todo-rows-markup';

const noop = () => undefined;
const rows = todoRowsMarkup();

/** A row as the painter draws it: the build's markup of its look, filled with its texts. */
function painted(markup: string | undefined, texts: Record<string, string>, countdown?: string): string {
  const html = filled(markup, texts, (copy) => {
    const label = copy.querySelector('[data-testid=return-countdown]');
    if (label && countdown !== undefined) label.textContent = countdown;
  });
  expect(hasSlot(html)).toBe(false);
  return html;
}

const due = (daysOverdue: number, phone: string, name = '金福粮油店'): DueFollowUp => ({
  id: 7,
  customer: { id: 3, name, contactName: '王芳', phone },
  nextContactAt: '2026-11-29 15:30:00',
  daysOverdue,
  type: '微信',
  content: '客户咨询开票 <b>事宜</b>',
  createdAt: '2026-11-20 10:00:00',
});

describe('今日待办’s painted rows (issue 29)', () => {
  it.each([
    ['due today, with a phone', due(0, '138 0000 0001')],
    ['three days overdue, with a phone', due(3, '+86 13800000002')],
    ['overdue, no phone, a name with markup', due(1, '', '<img src=x onerror=alert(1)>')],
    ['today, no phone', due(0, '')],
  ])('a due card %s is the markup the app renders', (_name, item) => {
    const look = todoDueLook(item.daysOverdue > 0, item.customer.phone);
    const app = rendered(<DueCardView text={dueCardText(item)} overdue={item.daysOverdue > 0} onOpen={noop} onWrite={noop} />);
    expect(painted(rows.due[look], { ...dueCardText(item) })).toBe(app);
  });

  it.each([RETURN_URGENT_DAYS - 1, RETURN_URGENT_DAYS, 0, 30])('a customer returning in %i days is the markup the app renders', (daysLeft) => {
    const item: ReturningCustomer = { customer: { id: 3, name: '金福粮油店', contactName: '', phone: '' }, daysLeft, returnsAt: '2026-12-09 00:00:00', rule: '未跟进 30 天' };
    const app = rendered(<ReturningItemView text={returningText(item)} daysLeft={daysLeft} onOpen={noop} />);
    expect(painted(rows.returning[daysLeft < RETURN_URGENT_DAYS ? 'urgent' : 'calm'], { ...returningText(item) }, returnCountdownLabel(Math.max(daysLeft, 0)))).toBe(app);
  });

  it.each([
    { kind: 'weekly', periodStart: '2026-11-23', periodEnd: '2026-11-29', label: '第48周' },
    { kind: 'halfMonth', periodStart: '2026-11-16', periodEnd: '2026-11-30', label: '11月下半月' },
  ] as OwedReport[])('an owed $kind report is the markup the app renders', (report) => {
    const app = rendered(<OwedReportItemView text={owedReportText(report)} kind={report.kind} onClick={noop} />);
    expect(painted(rows.report, { ...owedReportText(report), kind: report.kind })).toBe(app);
  });
});
