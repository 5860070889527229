import { renderToStaticMarkup } from 'react-dom/server';
import { HomeTopView } from '../../features/performance/components/home-dashboard';
import { homeTopText } from '../../features/performance/home-top-text';
import { slotted, type HomePaintMarkup } from './paint-slots';

const sales = { orderAmount: 1, orderCount: 1, previousAmount: 1, previousCount: 1 };

/** A first screen with every text present (their values are replaced by placeholders). */
const sampleText = homeTopText({
  todaySales: sales,
  monthSales: sales,
  month: {
    target: { targetAmount: 1, targetOrders: 1, targetNewCustomers: 1 },
    completion: { amount: 1, orders: 1, newCustomers: 1 },
  },
});

/** Home's first screen in both its looks, a leader's, with placeholders for its texts (home-painter.ts fills them). */
export function homeTopMarkup(): HomePaintMarkup['top'] {
  const text = slotted(sampleText);
  return {
    targets: renderToStaticMarkup(<HomeTopView text={text} isLeader />),
    unset: renderToStaticMarkup(<HomeTopView text={{ ...text, target: null }} isLeader />),
  };
}
