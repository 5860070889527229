import type { Ranking, RankingMetric } from '@sales/contract';
import { formatMetric, metricOf } from '../metrics';

/**
 * Below the ranking, for those who see the site's figures: what nobody is ranked for — 未分配
 * (credited to nobody) and, when there is any, 其他人员 (former members, or people without a
 * position here) — then the site's total, which the ranked rows and these lines add up to, as on
 * 部门销售业绩.
 */
export function UnrankedRows({ unranked, metric }: { unranked: NonNullable<Ranking['unranked']>; metric: RankingMetric }) {
  const others = metricOf(unranked.others, metric);
  const row = (label: string, value: number, testId: string, hint?: string) => (
    <li className="ranking__row" data-testid={testId}>
      <span className="ranking__rank ranking__rank--4" aria-hidden="true">
        —
      </span>
      <div className="ranking__main">
        <div className="ranking__line">
          <span className="ranking__name">{label}</span>
          <span className="ranking__value" data-testid={`${testId}-value`} data-keep-clear>
            {formatMetric(metric, value)}
          </span>
        </div>
        {hint && <span className="muted">{hint}</span>}
      </div>
    </li>
  );
  return (
    <section aria-label="未计入排行" data-testid="ranking-unranked">
      <ul className="ranking">
        {row('未分配', metricOf(unranked.unassigned, metric), 'ranking-unassigned', '订单或客户没有归属业务员')}
        {others !== 0 && row('其他人员', others, 'ranking-others', '已离开或不在本站点的人员')}
        {row('站点合计', metricOf(unranked.site, metric), 'ranking-site-total', '排行 + 未分配' + (others !== 0 ? ' + 其他人员' : '') + '，与部门销售业绩一致')}
      </ul>
    </section>
  );
}
