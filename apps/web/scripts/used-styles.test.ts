// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { markupClasses, styleSheetApplies } from './used-styles';

const copy = markupClasses(['<div class="page todo"><section class="due-card due-card--late"><a class="tel">拨打</a></section></div>', '<p class="empty">暂无</p>']);

describe('the stylesheets a painted copy needs', () => {
  it('reads every class of every markup', () => {
    expect([...copy].sort()).toEqual(['due-card', 'due-card--late', 'empty', 'page', 'tel', 'todo']);
  });

  it('keeps a stylesheet with a rule for the copy’s classes', () => {
    expect(styleSheetApplies('.sheet{color:red}.due-card .tel{color:blue}', copy)).toBe(true);
    expect(styleSheetApplies('.page.todo>.due-card--late{margin:0}', copy)).toBe(true);
  });

  it('drops one whose every rule asks for a class the copy lacks', () => {
    expect(styleSheetApplies('.adm-form .adm-list-item{padding:0}.adm-text-area{width:100%}.due-card .adm-button{}', copy)).toBe(false);
    // A class in a value is no selector; keyframes' steps select nothing.
    expect(styleSheetApplies('.adm-spin{width:.5em}@keyframes spin{from{opacity:0}to{opacity:1}}', copy)).toBe(false);
  });

  it('keeps one with a rule that asks for no class, or lists alternatives', () => {
    expect(styleSheetApplies(':root{--adm-color-primary:#1677ff}', copy)).toBe(true);
    expect(styleSheetApplies('a[href]{color:inherit}', copy)).toBe(true);
    expect(styleSheetApplies(':where(.adm-x, .adm-y){margin:0}', copy)).toBe(true);
  });

  it('reads a class under :not() as one the element lacks', () => {
    expect(styleSheetApplies('.due-card:not(.adm-disabled){opacity:1}', copy)).toBe(true);
  });

  it('reads rules inside media queries', () => {
    expect(styleSheetApplies('@media (min-width:600px){.due-card{width:50%}}', copy)).toBe(true);
    expect(styleSheetApplies('@media (min-width:600px){.adm-popup{width:50%}}', copy)).toBe(false);
  });
});
