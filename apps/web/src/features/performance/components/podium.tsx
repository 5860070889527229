import { Avatar } from 'antd-mobile';

export interface PodiumEntry {
  staffId: number;
  name: string;
  avatar?: string | null;
  /** The ranked figure as shown: 12,345.6元, 18单. */
  value: string;
}

// Second, first, third from left to right, the first raised in the middle.
const ORDER = [1, 0, 2] as const;
const PLACE_LABELS = ['冠军', '亚军', '季军'] as const;

/** The top three of a ranking on steps, the current user's step marked 我. */
export function Podium({ entries, currentUserId }: { entries: readonly PodiumEntry[]; currentUserId: number | null }) {
  if (entries.length === 0) return null;
  return (
    <ol className="podium" aria-label="前三名" data-testid="podium">
      {ORDER.map((index) => {
        const entry = entries[index];
        if (!entry) return <li key={`empty-${index}`} className="podium__place podium__place--empty" aria-hidden="true" />;
        const mine = entry.staffId === currentUserId;
        return (
          <li key={entry.staffId} className={`podium__place podium__place--${index + 1}${mine ? ' podium__place--mine' : ''}`} data-testid={`podium-${index + 1}`}>
            <span className="visually-hidden">第{index + 1}名</span>
            <Avatar src={entry.avatar ?? ''} style={{ '--size': index === 0 ? '52px' : '44px', '--border-radius': '50%' }} />
            <span className="podium__name">
              {entry.name}
              {mine && <span className="podium__me">我</span>}
            </span>
            <span className="podium__value">{entry.value}</span>
            <span className="podium__step" aria-hidden="true">
              {PLACE_LABELS[index]}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
