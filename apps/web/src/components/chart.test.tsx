import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Chart } from './chart';

afterEach(cleanup);

describe('Chart', () => {
  it('gives screen readers every value in a table named after the chart, and hides the drawing', () => {
    render(
      <Chart
        label="近30天销售额"
        categories={['11-01', '11-02']}
        series={[
          { name: '销售额', kind: 'line', values: [1234.5, null], format: (value) => `${value}元` },
          { name: '订单数', kind: 'bar', values: [3, 0], format: (value) => `${value}单`, axis: 1 },
        ]}
        testId="trend"
      />,
    );
    const table = screen.getByRole('table', { name: '近30天销售额' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['项目销售额订单数', '11-011234.5元3单', '11-02—0单']);
    expect(screen.getByTestId('trend').querySelector('.chart__canvas')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('keeps its drawing clear of the site badge, as a figure (data-keep-clear)', () => {
    render(<Chart label="历史周业绩" categories={['11-23']} series={[{ name: '销售额', kind: 'bar', values: [1], format: String }]} testId="weeks" />);
    // The badge rests at right 0 / top 160, where a chart at the top of a page (历史周业绩) has its latest values.
    expect(screen.getByTestId('weeks').querySelector('.chart__canvas')?.hasAttribute('data-keep-clear')).toBe(true);
  });
});
