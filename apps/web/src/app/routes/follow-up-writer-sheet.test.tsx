import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// What is under test is how the 写跟进 sheet of 客户详情 and 今日待办 brings its writer's module
// (follow-up-writer), which stays off both pages' first load; the writer itself is stood in for.
const state = vi.hoisted(() => ({ writerFails: true, toast: vi.fn() }));

vi.mock('../../lib/prefetch-files', async (importOriginal) => ({ ...(await importOriginal<object>()), whenSettled: () => () => undefined }));
vi.mock('../../lib/toast', () => ({ showToast: state.toast }));
vi.mock('./follow-up-writer', () => {
  if (state.writerFails) throw new Error('Failed to fetch dynamically imported module');
  return { default: ({ customerId }: { customerId: number }) => <div data-testid="writer">写跟进 {customerId}</div> };
});

afterEach(cleanup);

describe('the 写跟进 sheet', () => {
  it('says the network failed and closes the sheet when its files cannot be fetched, then opens it once they can', async () => {
    const { FollowUpWriterSheet } = await import('./follow-up-writer-sheet');
    function Page() {
      const [writingFor, setWritingFor] = useState<number | null>(null);
      return (
        <>
          <button type="button" onClick={() => setWritingFor(7)}>
            写跟进
          </button>
          <FollowUpWriterSheet preload="settled" customerId={writingFor} onClose={() => setWritingFor(null)} onWritten={() => undefined} />
        </>
      );
    }
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: '写跟进' }));
    await waitFor(() => expect(state.toast).toHaveBeenCalledWith('网络错误，换个网络试试', 'fail'));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByTestId('writer')).toBeNull();

    // Online again: the next tap asks for the module anew and the sheet shows the writer.
    state.writerFails = false;
    vi.resetModules();
    fireEvent.click(screen.getByRole('button', { name: '写跟进' }));
    expect((await screen.findByTestId('writer')).textContent).toBe('写跟进 7');
  });

  it('on 客户详情 (preload shown) brings the writer once the page is shown, so 写跟进 opens it at once, offline too', async () => {
    let imported = 0;
    vi.resetModules();
    vi.doMock('./follow-up-writer', () => {
      imported += 1;
      return { default: ({ customerId }: { customerId: number }) => <div data-testid="writer">写跟进 {customerId}</div> };
    });
    const { FollowUpWriterSheet } = await import('./follow-up-writer-sheet');
    function Page() {
      const [writing, setWriting] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setWriting(true)}>
            写跟进
          </button>
          <FollowUpWriterSheet preload="shown" customerId={writing ? 9 : null} onClose={() => setWriting(false)} onWritten={() => undefined} />
        </>
      );
    }
    render(<Page />);
    // Asked for without a tap, and without waiting for the network to be quiet (whenSettled is stood in for by a no-op).
    await vi.waitFor(() => expect(imported).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.click(screen.getByRole('button', { name: '写跟进' }));
    // The first render of the open sheet is the writer: no 加载中 in between.
    expect(screen.getByTestId('writer').textContent).toBe('写跟进 9');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
