/**
 * 组织架构 as a tree (issue 26 §3) at 1280×800, in Chromium against the real server: the administrator
 * creates a child site under 华东一部, renames it, cannot move 华东一部 under it, archives it and
 * finds it again under 显示已归档; axe-clean throughout. A site created on the page opens when given its first child.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { motionEnded, useApp } from '../support/app';
import { axeViolations } from '../support/layout';
import { openConsoleAsAdministrator } from '../support/admin-console';

const harness = useApp();

const sitesPage = (): Promise<Page> => openConsoleAsAdministrator(harness, '#/sites', (page) => page.getByRole('button', { name: '新建站点' }));

/** The table row of the site named exactly `name`. */
const rowOf = (page: Page, name: string): Locator => page.locator('tr.ant-table-row').filter({ has: page.getByText(name, { exact: true }) });

/** The open confirmation whose title is `title` (another one may still be fading out). */
const confirmOf = (page: Page, title: string): Locator => page.locator('.ant-popconfirm:visible').filter({ hasText: title });

describe('admin console 组织架构', () => {
  test('creates a child site, renames it, cannot move its parent under it, archives it; axe finds nothing', async () => {
    const page = await sitesPage();
    // The demo's tree: 华南大区 over 广州一部 (four people) and 深圳一部 (nobody yet).
    await rowOf(page, '深圳一部').getByRole('cell', { name: '0' }).first().waitFor();

    await rowOf(page, '华东一部').getByRole('button', { name: '新建下级' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('新建站点').waitFor();
    await motionEnded(page);
    await dialog.getByRole('textbox', { name: '站点名称' }).fill('上海一组');
    expect(await dialog.getByRole('textbox', { name: '区域' }).inputValue()).toBe('华东');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await rowOf(page, '上海一组').waitFor();

    await rowOf(page, '上海一组').getByRole('button', { name: '重命名' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: '站点名称' }).waitFor();
    await motionEnded(page);
    await page.getByRole('dialog').getByRole('textbox', { name: '站点名称' }).fill('上海二组');
    await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
    await rowOf(page, '上海二组').waitFor();
    expect(await rowOf(page, '上海一组').count()).toBe(0);

    // 华东一部 cannot go under its own child: the picker says so and refuses the choice.
    await rowOf(page, '华东一部').getByRole('button', { name: /移\s*动/ }).click();
    const move = page.getByRole('dialog');
    await move.getByText('移动「华东一部」').waitFor();
    await motionEnded(page);
    // Checked before the picker opens: antd's open TreeSelect points aria-owns at a list it renders elsewhere.
    expect(await axeViolations(page)).toEqual([]);
    await move.getByRole('combobox', { name: '上级站点' }).click();
    const refused = page.locator('.ant-select-tree-treenode-disabled', { hasText: '上海二组（不能移到自己或下级站点之下）' });
    await refused.waitFor();
    await motionEnded(page);
    await refused.click({ force: true });
    await move.getByText('不能移到自己或下级站点之下', { exact: false }).first().waitFor();
    // A click outside the picker closes it; 取消 then closes the dialog with nothing moved.
    await move.getByText('移动「华东一部」').click();
    await refused.waitFor({ state: 'hidden' });
    await move.getByRole('button', { name: /取\s*消/ }).click();
    await move.waitFor({ state: 'hidden' });

    // 华东一部 has people: archiving it is refused with the server's message.
    await rowOf(page, '华东一部').getByRole('button', { name: /归\s*档/ }).click();
    await confirmOf(page, '归档站点「华东一部」？').waitFor();
    await motionEnded(page);
    await confirmOf(page, '归档站点「华东一部」？').getByRole('button', { name: /归\s*档/ }).click();
    await page.getByText('站点还有在职成员，请先调走').waitFor();

    await rowOf(page, '上海二组').getByRole('button', { name: /归\s*档/ }).click();
    // The refused archive's confirmation may still be fading out: each confirmation is found by its own title.
    await confirmOf(page, '归档站点「上海二组」？').waitFor();
    await motionEnded(page);
    await confirmOf(page, '归档站点「上海二组」？').getByRole('button', { name: /归\s*档/ }).click();
    await rowOf(page, '上海二组').waitFor({ state: 'detached' });

    await page.getByRole('switch', { name: '显示已归档' }).click();
    const archived = rowOf(page, '上海二组');
    await archived.getByText('已归档').waitFor();
    await archived.getByRole('button', { name: /恢\s*复/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a site created on the page opens when given its first child, and one the administrator folds stays folded', async () => {
    const page = await sitesPage();
    const create = async (parent: string | null, name: string, region?: string) => {
      if (parent === null) await page.getByRole('button', { name: '新建站点' }).click();
      else await rowOf(page, parent).getByRole('button', { name: '新建下级' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('新建站点').waitFor();
      await motionEnded(page);
      await dialog.getByRole('textbox', { name: '站点名称' }).fill(name);
      if (region) await dialog.getByRole('textbox', { name: '区域' }).fill(region);
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    // 西南大区 did not exist when the tree was first drawn (all of it open then), as on an empty database.
    await create(null, '西南大区', '西南');
    await rowOf(page, '西南大区').waitFor();
    await create('西南大区', '成都一部');
    await rowOf(page, '成都一部').waitFor();

    await rowOf(page, '西南大区').locator('.ant-table-row-expand-icon').click();
    await rowOf(page, '成都一部').waitFor({ state: 'hidden' });
    await create(null, '西北大区', '西北');
    await rowOf(page, '西北大区').waitFor();
    // The list came again after the write; the folded site is still folded.
    expect(await rowOf(page, '成都一部').isVisible()).toBe(false);
    await rowOf(page, '西南大区').locator('.ant-table-row-expand-icon').click();
    await rowOf(page, '成都一部').waitFor();
  });
});
