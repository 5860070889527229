import type { RankingEntry, RankingMetric } from '@sales/contract';
import { Avatar } from 'antd-mobile';
import { formatMetric } from '../metrics';

export interface PodiumEntry {
  staffId: number;
  /** The ranking's rank (equal figures share one): the step's place and its label. */
  rank: number;
  name: string;
  avatar?: string | null;
  /** The ranked figure as shown: 12,345.6元, 18单. */
  value: string;
}

// Second, first, third from left to right, the first raised in the middle.
const ORDER = [1, 0, 2] as const;
const PLACE_LABELS = ['冠军', '亚军', '季军'] as const;

/**
 * The first three of a ranking who have a figure above 0, for the podium: nobody is crowned for
 * nothing (on a month's first hours everyone has 0 and the podium stays away).
 */
export function podiumEntries(entries: readonly RankingEntry[], metric: RankingMetric): PodiumEntry[] {
  return entries
    .slice(0, 3)
    .filter((entry) => entry.value > 0)
    .map((entry) => ({ staffId: entry.member.id, rank: entry.rank, name: entry.member.username, avatar: entry.member.avatar, value: formatMetric(metric, entry.value) }));
}

/**
 * The top three of a ranking on steps, the current user's step marked 我. A step's height and label
 * follow its rank, as the list's numbers do: two who share first place both stand on 冠军.
 */
export function Podium({ entries, currentUserId }: { entries: readonly PodiumEntry[]; currentUserId: number | null }) {
  if (entries.length === 0) return null;
  return (
    <ol className="podium" aria-label="前三名" data-testid="podium">
      {ORDER.map((index) => {
        const entry = entries[index];
        if (!entry) return <li key={`empty-${index}`} className="podium__place podium__place--empty" aria-hidden="true" />;
        const mine = entry.staffId === currentUserId;
        const place = Math.min(Math.max(entry.rank, 1), 3);
        return (
          <li key={entry.staffId} className={`podium__place podium__place--${place}${mine ? ' podium__place--mine' : ''}`} data-testid={`podium-${index + 1}`}>
            <span className="visually-hidden">第{entry.rank}名</span>
            <Avatar src={entry.avatar ?? ''} style={{ '--size': index === 0 ? '52px' : '44px', '--border-radius': '50%' }} />
            <span className="podium__name">
              {entry.name}
              {mine && <span className="podium__me">我</span>}
            </span>
            <span className="podium__value">{entry.value}</span>
            <span className="podium__step" aria-hidden="true">
              {PLACE_LABELS[place - 1]}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
