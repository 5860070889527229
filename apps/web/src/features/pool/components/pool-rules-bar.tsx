import type { PoolRules } from '@sales/contract';
import { poolRulesText, type PoolRulesText } from '../pool-text';

interface PoolRulesBarProps {
  rules: PoolRules | undefined;
  /** While the rules load: whether the caller claims, and so will have a usage line. */
  showsUsage: boolean;
}

/**
 * The site's rules and the caller's usage of the caps, above the list. Until they arrive (a call of
 * their own, which may answer before or after the list's) the bar stands in their place at the size
 * it will have — the usage line for those who claim, the rules' two lines — so that nothing below
 * moves when they do (issue 29).
 */
export function PoolRulesBar({ rules, showsUsage }: PoolRulesBarProps) {
  if (!rules) {
    return (
      <div className="pool-rules" role="status" aria-label="公海规则加载中" data-testid="pool-rules-loading">
        {showsUsage && (
          <div className="pool-rules__usage">
            <span className="pool-rules__bone pool-rules__bone--usage" />
          </div>
        )}
        <div className="pool-rules__text">
          <span className="pool-rules__bone" />
        </div>
      </div>
    );
  }
  return <PoolRulesBarView text={poolRulesText(rules)} />;
}

/**
 * The bar from its texts: the build renders it with placeholders, with and without the usage line,
 * for 公海's painter (app/prerender/pool-rows-markup.tsx), so the painted bar is this markup.
 */
export function PoolRulesBarView({ text }: { text: PoolRulesText }) {
  return (
    <div className="pool-rules" data-testid="pool-rules">
      {text.usage && (
        <div className="pool-rules__usage" data-testid="pool-usage">
          {text.usage}
        </div>
      )}
      <div className="pool-rules__text muted">{text.rules}</div>
    </div>
  );
}
