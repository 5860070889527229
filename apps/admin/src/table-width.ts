import type { TableColumnsType } from 'antd';

/**
 * A table's scroll width: its columns' widths added up. Under a fixed layout narrower than that,
 * a column without a width is squeezed to nothing: 员工's 岗位 tags were drawn over 权限 and hidden
 * by a hovered row's background.
 */
export function tableWidth<Row>(columns: TableColumnsType<Row>): number {
  return columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), 0);
}
