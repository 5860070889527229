import { RETURN_URGENT_DAYS } from '@sales/contract';
import { describe, expect, it } from 'vitest';
import { cardVariant, fillSlots, slot } from './paint-slots';

describe('a painter’s slots', () => {
  it('fills each slot of a text with its value, as text, and an unknown one with nothing', () => {
    expect(fillSlots(`联系人：${slot('contact')}`, { contact: '<b>x</b>' })).toBe('联系人：<b>x</b>');
    expect(fillSlots(`共 ${slot('total')} 位客户 ${slot('other')}`, { total: '808' })).toBe('共 808 位客户 ');
    // A value that looks like a slot is not filled again.
    expect(fillSlots(`${slot('name')}${slot('owner')}`, { name: slot('owner'), owner: '张伟' })).toBe(`${slot('owner')}张伟`);
    expect(fillSlots('没有占位', { name: 'x' })).toBe('没有占位');
  });

  it('picks a card by its level and countdown, red below the urgent days as the countdown is', () => {
    expect(cardVariant('A', null)).toBe('A-none');
    expect(cardVariant('B', RETURN_URGENT_DAYS - 1)).toBe('B-urgent');
    expect(cardVariant('B', 0)).toBe('B-urgent');
    expect(cardVariant('C', RETURN_URGENT_DAYS)).toBe('C-calm');
  });
});
