import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExportButton } from './export-button';

afterEach(cleanup);

/** The sheet's choices, as a screen reader finds them. */
const choice = (name: RegExp) => screen.findByRole('option', { name });

describe('ExportButton', () => {
  it('asks for CSV or Excel and exports in the chosen format', async () => {
    const onExport = vi.fn();
    render(<ExportButton pending={false} onExport={onExport} testId="export" />);
    fireEvent.click(screen.getByTestId('export'));
    expect(await screen.findByText('导出当前筛选结果')).toBeTruthy();
    expect(await choice(/导出CSV/)).toBeTruthy();
    fireEvent.click(await choice(/导出Excel/));
    expect(onExport).toHaveBeenCalledExactlyOnceWith('xlsx');
    // The chosen sheet leaves (its closing animation) before the next one opens: one sheet at a time.
    await waitFor(() => expect(screen.queryByRole('option', { name: /导出CSV/ })).toBeNull());

    fireEvent.click(screen.getByTestId('export'));
    fireEvent.click(await choice(/导出CSV/));
    expect(onExport).toHaveBeenLastCalledWith('csv');
    expect(onExport).toHaveBeenCalledTimes(2);
  });

  it('cannot start a second export while one downloads', () => {
    render(<ExportButton pending onExport={vi.fn()} testId="export" />);
    expect((screen.getByTestId('export') as HTMLButtonElement).disabled).toBe(true);
  });
});
