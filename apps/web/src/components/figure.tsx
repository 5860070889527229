import type { ReactNode } from 'react';

/** One of a header card's figures: a large value over its label (订单数, 本月销售额…). */
export function Figure({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="figure" data-keep-clear>
      <div className="figure__value" data-testid={testId}>
        {children}
      </div>
      <div className="figure__label">{label}</div>
    </div>
  );
}
