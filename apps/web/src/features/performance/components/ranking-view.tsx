import { RANKING_METRIC_LABELS, RANKING_METRICS, type RankingMetric } from '@sales/contract';
import { Tabs } from 'antd-mobile';
import { CardSkeleton, EmptyState, RecordErrorState } from '../../../components/list-states';
import { useSearchState } from '../../../lib/use-search-state';
import { useRanking } from '../api/get-ranking';
import { formatMetric } from '../metrics';
import { usePerformancePeriod } from '../performance-period';
import { PerformanceToolbar } from './performance-toolbar';
import { Podium, podiumEntries } from './podium';
import { RankingList } from './ranking-list';
import { UnrankedRows } from './unranked-rows';

const readMetric = (params: URLSearchParams): RankingMetric => RANKING_METRICS.find((metric) => metric === params.get('metric')) ?? 'orderAmount';
const writeMetric = (metric: RankingMetric, params: URLSearchParams) => {
  if (metric === 'orderAmount') params.delete('metric');
  else params.set('metric', metric);
};

/** 员工业绩排行: tabs 金额 · 订单数 · 新客户 · 跟进, the podium of the top three, then everyone; the caller marked. */
export function RankingView() {
  const [metric, setMetric] = useSearchState(readMetric, writeMetric);
  const [period] = usePerformancePeriod();
  const ranking = useRanking({ metric, period });
  const data = ranking.data;
  // While another period or tab loads, the previous ranking stays, dimmed.
  const stale = ranking.isPlaceholderData;

  return (
    <>
      <PerformanceToolbar ranges={data?.ranges}>
        <Tabs className="status-tabs" activeKey={metric} onChange={(key) => setMetric(RANKING_METRICS.find((candidate) => candidate === key) ?? 'orderAmount')} data-testid="ranking-tabs">
          {RANKING_METRICS.map((key) => (
            <Tabs.Tab key={key} title={RANKING_METRIC_LABELS[key]} />
          ))}
        </Tabs>
      </PerformanceToolbar>
      {!data ? (
        ranking.isError ? (
          <RecordErrorState error={ranking.error} what="排行" onRetry={() => void ranking.refetch()} />
        ) : (
          <CardSkeleton count={4} lines={1} />
        )
      ) : (
        <div className={stale ? 'is-refreshing' : undefined} aria-busy={stale} data-testid="ranking" data-metric={data.metric} data-start={data.ranges.range.startDate} data-end={data.ranges.range.endDate}>
          {data.list.length === 0 ? (
            <EmptyState title="暂无排行" hint="这段时间还没有业绩" />
          ) : (
            <>
              <Podium entries={podiumEntries(data.list, data.metric)} currentUserId={data.me?.member.id ?? null} />
              {data.me && (
                <p className="ranking-me" data-testid="ranking-me">
                  我的排名：第 {data.me.rank} 名 · {formatMetric(data.metric, data.me.value)}
                </p>
              )}
              <RankingList entries={data.list} metric={data.metric} />
            </>
          )}
          {data.unranked && <UnrankedRows unranked={data.unranked} metric={data.metric} />}
        </div>
      )}
    </>
  );
}
