import { RETURN_URGENT_DAYS } from '@sales/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { DueCardView } from '../../features/todo/components/due-card';
import { OwedReportItemView, ReturningItemView } from '../../features/todo/components/todo-list';
import type { DueCardText, OwedReportText, ReturningText } from '../../features/todo/todo-text';
import { slot, slotted, todoDueLook, type TodoPaintMarkup } from './paint-slots';

const dueText: DueCardText = slotted({ name: '', when: '', contact: '', phone: '', tel: '', content: '' });
const returningText: ReturningText = slotted({ name: '', description: '' });
const reportText: OwedReportText = slotted({ title: '', hint: '' });

/** 今日待办's rows in each look with placeholders for their texts (todo-painter.ts fills them). */
export function todoRowsMarkup(): Omit<TodoPaintMarkup, 'pages'> {
  const due: Record<string, string> = {};
  for (const overdue of [false, true]) {
    for (const phone of [slot('phone'), '']) {
      const text = phone ? dueText : { ...dueText, phone: '', tel: '' };
      due[todoDueLook(overdue, phone)] = renderToStaticMarkup(<DueCardView text={text} overdue={overdue} onOpen={() => undefined} onWrite={() => undefined} />);
    }
  }
  return {
    due,
    returning: {
      urgent: renderToStaticMarkup(<ReturningItemView text={returningText} daysLeft={RETURN_URGENT_DAYS - 1} onOpen={() => undefined} />),
      calm: renderToStaticMarkup(<ReturningItemView text={returningText} daysLeft={RETURN_URGENT_DAYS} onOpen={() => undefined} />),
    },
    report: renderToStaticMarkup(<OwedReportItemView text={reportText} kind={slot('kind')} onClick={() => undefined} />),
  };
}
