import { CUSTOMER_LEVELS } from '@sales/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { PoolCardView } from '../../features/pool/components/pool-card';
import { PoolRulesBarView } from '../../features/pool/components/pool-rules-bar';
import type { PoolCardText, PoolRulesText } from '../../features/pool/pool-text';
import { poolCardLook, slotted, type PoolPaintMarkup, type PoolRoleLook } from './paint-slots';

const cardText: PoolCardText = slotted({ name: '', address: '', source: '', left: '' });
const rulesText: PoolRulesText = slotted({ usage: '', rules: '' });

const noop = () => undefined;

/** What a card has for each role, as the page gives it (features/pool/components/pool-browser.tsx). */
export const POOL_ROLE_PROPS: Record<PoolRoleLook, { onClaim?(): void; onSelect?(selected: boolean): void }> = {
  claim: { onClaim: noop },
  assign: { onSelect: noop },
};

/** 公海's rules bar and cards in each look with placeholders for their texts (pool-painter.ts fills them). */
export function poolRowsMarkup(): Omit<PoolPaintMarkup, 'pages'> {
  const cards: PoolPaintMarkup['cards'] = { claim: {}, assign: {} };
  for (const role of Object.keys(cards) as PoolRoleLook[]) {
    for (const level of CUSTOMER_LEVELS) {
      for (const source of [cardText.source, '']) {
        cards[role][poolCardLook(level, source)] = renderToStaticMarkup(<PoolCardView text={{ ...cardText, source }} level={level} {...POOL_ROLE_PROPS[role]} />);
      }
    }
  }
  return {
    rules: { usage: renderToStaticMarkup(<PoolRulesBarView text={rulesText} />), plain: renderToStaticMarkup(<PoolRulesBarView text={{ ...rulesText, usage: '' }} />) },
    cards,
  };
}
