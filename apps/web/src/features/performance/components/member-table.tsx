import { MEMBER_SORTS, type MemberFigures, type MemberSort } from '@sales/contract';
import { formatCompletion } from '../../../lib/change';
import { formatCompactNumber } from '../../../lib/format';

const COLUMNS: Record<MemberSort, string> = {
  orderAmount: '销售额',
  orderCount: '订单',
  newCustomers: '新客',
  followUps: '跟进',
  completion: '完成率',
};

function cell(row: MemberFigures, sort: MemberSort): string {
  if (sort === 'completion') return formatCompletion(row.completion.amount);
  if (sort === 'orderAmount') return formatCompactNumber(row.figures.orderAmount);
  return String(row.figures[sort]);
}

interface MemberTableProps {
  rows: readonly MemberFigures[];
  sort: MemberSort;
  order: 'asc' | 'desc';
  onSort(sort: MemberSort, order: 'asc' | 'desc'): void;
  onOpen(staffId: number): void;
}

/** The members of a site with their figures; tapping a heading sorts by it (again: the other way). */
export function MemberTable({ rows, sort, order, onSort, onOpen }: MemberTableProps) {
  return (
    <div className="member-table-wrap">
      <table className="member-table" data-testid="member-table">
        <thead>
          <tr>
            <th scope="col">成员</th>
            {MEMBER_SORTS.map((key) => (
              <th scope="col" key={key} aria-sort={key === sort ? (order === 'desc' ? 'descending' : 'ascending') : 'none'}>
                <button type="button" className={key === sort ? 'member-table__sort member-table__sort--on' : 'member-table__sort'} onClick={() => onSort(key, key === sort && order === 'desc' ? 'asc' : 'desc')} data-testid={`member-sort-${key}`}>
                  {COLUMNS[key]}
                  {key === sort ? (order === 'desc' ? '↓' : '↑') : ''}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.member.id} data-testid="member-row">
              <th scope="row">
                <button type="button" className="member-table__name" onClick={() => onOpen(row.member.id)}>
                  {row.member.username}
                </button>
              </th>
              {MEMBER_SORTS.map((key) => (
                <td key={key}>{cell(row, key)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
