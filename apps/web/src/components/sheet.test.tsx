import type * as AntdMobile from 'antd-mobile';
import type { PopupProps } from 'antd-mobile';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Sheet } from './sheet';

// antd-mobile's Popup, seen from outside: each render it is given, with its `visible`.
const popupRenders: boolean[] = [];
vi.mock('antd-mobile', async (importOriginal) => ({
  ...(await importOriginal<typeof AntdMobile>()),
  Popup: ({ visible = false, children }: PopupProps) => {
    popupRenders.push(visible);
    return visible ? <div data-testid="popup">{children}</div> : null;
  },
}));

beforeEach(() => {
  popupRenders.length = 0;
});
afterEach(cleanup);

describe('Sheet', () => {
  it('does not render the Popup at all while it has never been opened', () => {
    const view = render(<Sheet visible={false}>选项</Sheet>);
    view.rerender(<Sheet visible={false}>选项 2</Sheet>);
    expect(popupRenders).toEqual([]);
    expect(screen.queryByText(/选项/)).toBeNull();
  });

  it('mounts the Popup closed, then opens it (so it slides in), and keeps it after closing', async () => {
    const view = render(<Sheet visible={false}>选项</Sheet>);
    view.rerender(<Sheet visible>选项</Sheet>);
    expect((await screen.findByTestId('popup')).textContent).toBe('选项');
    expect(popupRenders[0]).toBe(false);
    expect(popupRenders.at(-1)).toBe(true);
    view.rerender(<Sheet visible={false}>选项</Sheet>);
    expect(popupRenders.at(-1)).toBe(false);
    expect(screen.queryByTestId('popup')).toBeNull();
    const before = popupRenders.length;
    view.rerender(<Sheet visible>选项</Sheet>);
    // Mounted already: opened in this render.
    expect(popupRenders.slice(before)).toEqual([true]);
  });

  it('opens when its first render asks for it, closed for one render first', async () => {
    render(<Sheet visible>已打开</Sheet>);
    expect((await screen.findByTestId('popup')).textContent).toBe('已打开');
    expect(popupRenders).toEqual([false, true]);
  });
});
