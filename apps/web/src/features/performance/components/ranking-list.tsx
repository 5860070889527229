import type { RankingEntry, RankingMetric } from '@sales/contract';
import { Avatar } from 'antd-mobile';
import { CompletionBar } from '../../../components/completion-bar';
import { formatMetric } from '../metrics';

/** Rows of a ranking: rank, name, the figure and completion of its target; the caller's row marked. */
export function RankingList({ entries, metric, testId = 'ranking-row' }: { entries: readonly RankingEntry[]; metric: RankingMetric; testId?: string }) {
  return (
    <ol className="ranking">
      {entries.map((entry) => (
        <li key={entry.member.id} className={`ranking__row${entry.isMe ? ' ranking__row--me' : ''}`} data-testid={testId} data-me={entry.isMe ? 'true' : undefined} aria-current={entry.isMe ? 'true' : undefined}>
          <span className={`ranking__rank ranking__rank--${Math.min(entry.rank, 4)}`}>
            <span aria-hidden="true">{entry.rank}</span>
            <span className="visually-hidden">第{entry.rank}名</span>
          </span>
          <Avatar src={entry.member.avatar ?? ''} style={{ '--size': '32px', '--border-radius': '50%' }} />
          <div className="ranking__main">
            <div className="ranking__line">
              <span className="ranking__name">
                <span data-testid="ranking-name">{entry.member.username}</span>
                {entry.isMe && <span className="podium__me">我</span>}
              </span>
              <span className="ranking__value" data-testid="ranking-value" data-keep-clear>
                {formatMetric(metric, entry.value)}
              </span>
            </div>
            {metric !== 'followUps' && <CompletionBar rate={entry.completion} />}
          </div>
        </li>
      ))}
    </ol>
  );
}
