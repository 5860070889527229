import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The list and the data are stood in for: what is under test is how 写跟进 brings its sheet's
// module (todo-follow-up-writer), which stays off 今日待办's first load.
const state = vi.hoisted(() => ({ writerFails: true, toast: vi.fn() }));

vi.mock('../../features/todo/components/todo-list', () => ({
  TodoList: ({ onWriteFollowUp }: { onWriteFollowUp: (customerId: number) => void }) => (
    <button type="button" onClick={() => onWriteFollowUp(7)}>
      写跟进
    </button>
  ),
}));
vi.mock('../../features/todo/api/get-follow-up-due', () => ({ useRefreshTodo: () => vi.fn(), followUpDueQueryOptions: vi.fn() }));
vi.mock('../../lib/painted-page', () => ({ registerPaintTakeover: vi.fn() }));
vi.mock('../../lib/prefetch-files', () => ({ whenSettled: () => () => undefined }));
vi.mock('../../lib/toast', () => ({ showToast: state.toast }));
vi.mock('./todo-follow-up-writer', () => {
  if (state.writerFails) throw new Error('Failed to fetch dynamically imported module');
  return { default: ({ customerId }: { customerId: number }) => <div data-testid="writer">写跟进 {customerId}</div> };
});

afterEach(cleanup);

describe('今日待办’s 写跟进 sheet', () => {
  it('says the network failed and closes the sheet when its files cannot be fetched, then opens it once they can', async () => {
    const { default: TodoPage } = await import('./todo');
    render(<TodoPage />);
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
});
