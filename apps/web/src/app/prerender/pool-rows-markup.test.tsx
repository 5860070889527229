import type { PoolCustomer, PoolRules } from '@sales/contract';
import { describe, expect, it } from 'vitest';
import { PoolCardView } from '../../features/pool/components/pool-card';
import { PoolRulesBarView } from '../../features/pool/components/pool-rules-bar';
import { poolCardText, poolRulesText } from '../../features/pool/pool-text';
import { poolCustomer } from '../../features/pool/pool-test-support';
import { fragment } from './paint-core';
import { hasSlot, poolCardLook, poolRoleLook, poolRulesLook } from './paint-slots';
import { POOL_ROLE_PROPS, poolRowsMarkup } from './pool-rows-markup';
import { filled, rendered } from './paint-test-support';

const markup = poolRowsMarkup();

/** What 公海's painter draws: the build's markup of the look, filled with its texts. */
function painted(html: string | undefined, texts: Record<string, string>): string {
  const drawn = filled(html, texts);
  expect(hasSlot(drawn)).toBe(false);
  return drawn;
}

const customer = poolCustomer;

const CUSTOMERS: [string, PoolCustomer][] = [
  ['A, with a source, released with a note', customer()],
  ['B, no source, no address, never owned', customer({ level: 'B', source: '', address: '', lastOwner: null, leftAt: null, leftReason: null, leftNote: null })],
  ['C, returned by a rule', customer({ level: 'C', leftReason: 'auto_return', leftNote: '未跟进 30 天' })],
  ['a name and a source with markup', customer({ name: '<img src=x onerror=alert(1)>', source: '<b>x</b>', leftReason: null, leftNote: null })],
];

const rules = (overrides: Partial<PoolRules>): PoolRules => ({
  siteId: 101,
  ownLimit: 200,
  dailyClaimLimit: 5,
  reclaimBlockDays: 7,
  noFollowUpDays: 30,
  noOrderDays: null,
  warnDays: 3,
  usage: { owned: 12, claimedToday: 1 },
  canClaim: true,
  canAssign: false,
  ...overrides,
});

describe('公海’s painted cards and rules bar (issue 29)', () => {
  describe.each(['claim', 'assign'] as const)('for a caller who may %s', (role) => {
    it.each(CUSTOMERS)('a card %s is the markup the app renders', (_name, item) => {
      const text = poolCardText(item);
      const app = rendered(<PoolCardView text={text} level={item.level} {...POOL_ROLE_PROPS[role]} />);
      expect(painted(markup.cards[role][poolCardLook(item.level, text.source)], { ...text })).toBe(app);
    });
  });

  it.each([
    ['a salesperson’s, every cap set', rules({})],
    ['a salesperson’s, no caps', rules({ ownLimit: null, dailyClaimLimit: null, reclaimBlockDays: null })],
    ['a leader’s (no usage line)', rules({ usage: null, canClaim: false, canAssign: true })],
  ])('the rules bar, %s, is the markup the app renders', (_name, answer) => {
    const text = poolRulesText(answer);
    expect(painted(markup.rules[poolRulesLook(text)], { ...text })).toBe(rendered(<PoolRulesBarView text={text} />));
  });

  it('sets a name with markup as text', () => {
    const text = poolCardText(customer({ name: '<img src=x onerror=alert(1)>' }));
    const card = fragment(painted(markup.cards.claim[poolCardLook('A', text.source)], { ...text }));
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('[data-testid=pool-name]')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('paints a role only when the server gives exactly one', () => {
    expect(poolRoleLook({ canClaim: true, canAssign: false })).toBe('claim');
    expect(poolRoleLook({ canClaim: false, canAssign: true })).toBe('assign');
    expect(poolRoleLook({ canClaim: false, canAssign: false })).toBeNull();
    expect(poolRoleLook({ canClaim: true, canAssign: true })).toBeNull();
  });
});
