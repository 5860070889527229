import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Sheet } from './sheet';

afterEach(cleanup);

describe('Sheet', () => {
  it('draws nothing of the Popup until it is first opened', () => {
    render(<Sheet visible={false}>选项</Sheet>);
    expect(document.querySelector('.adm-popup')).toBeNull();
    expect(screen.queryByText('选项')).toBeNull();
  });

  it('opens with its content once asked, and keeps the Popup after closing', async () => {
    const view = render(<Sheet visible={false}>选项</Sheet>);
    view.rerender(<Sheet visible>选项</Sheet>);
    expect(await screen.findByText('选项')).toBeTruthy();
    expect(document.querySelector('.adm-popup')).not.toBeNull();
    view.rerender(<Sheet visible={false}>选项</Sheet>);
    expect(document.querySelector('.adm-popup')).not.toBeNull();
    view.rerender(<Sheet visible>选项</Sheet>);
    expect(await screen.findByText('选项')).toBeTruthy();
  });

  it('opens at once when its first render is open', async () => {
    render(<Sheet visible>已打开</Sheet>);
    expect(await screen.findByText('已打开')).toBeTruthy();
  });
});
