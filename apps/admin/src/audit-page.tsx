/**
 * 操作日志: the audit log, a page at a time from the server, newest first — who, when (China time),
 * what (in Chinese), about whom, and before → after as the fields that changed. Filtered by action
 * or family, who did it, whom it was about and China days.
 */
import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTION_LABELS,
  AUDIT_FIELD_LABELS,
  formatChinaDateTime,
  type AdminAuditListBody,
  type AdminAuditRow,
  type AuditValues,
} from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { Alert, DatePicker, Input, Select, Table, type TableColumnsType } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { post } from './api';
import { serverPagination, useServerPage } from './server-pagination';

const PAGE_SIZE = 20;

const actionLabel = (action: string) => (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;

const ACTION_OPTIONS = [
  { label: '按类别', options: Object.entries(AUDIT_ACTION_GROUPS).map(([value, label]) => ({ value, label })) },
  { label: '按操作', options: Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label })) },
];

type Value = AuditValues[string] | undefined;

function shown(value: Value): string {
  if (value === undefined || value === null || value === '') return '无';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value)) return value.length === 0 ? '无' : value.join('、');
  return String(value);
}

const fieldLabel = (field: string) => AUDIT_FIELD_LABELS[field] ?? field;

/** The fields that changed, `名称：华东一部 → 华东三部`; everything of a new record; the detail when there is no before/after. */
export function Changes({ row }: { row: AdminAuditRow }) {
  if (!row.before && !row.after) return <span>{row.detail || '—'}</span>;
  const before = row.before ?? {};
  const after = row.after ?? {};
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])].filter((field) => field !== 'id');
  const changed = row.before ? fields.filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null)) : fields;
  if (changed.length === 0) return <span>{row.detail || '无变化'}</span>;
  return (
    <ul className="audit-changes">
      {changed.map((field) => (
        <li key={field}>
          <span className="audit-field">{fieldLabel(field)}：</span>
          {row.before ? (
            <>
              <del>{shown(before[field])}</del>
              <span aria-hidden="true"> → </span>
              <span className="visually-hidden">改为</span>
              <ins>{shown(after[field])}</ins>
            </>
          ) : (
            <span>{shown(after[field])}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Whom or what the entry was about: a person, or the site named in its before/after. */
function targetOf(row: AdminAuditRow): string {
  if (row.target) return `${row.target.username}（${row.target.phone}）`;
  const name = row.after?.name ?? row.before?.name;
  if (row.action.startsWith('site.') && typeof name === 'string') return `站点 ${name}`;
  if (row.action === 'staff.import') return `${shown(row.after?.rows)} 人`;
  return '—';
}

const columns: TableColumnsType<AdminAuditRow> = [
  { title: '时间', dataIndex: 'at', width: 170, render: (value: string) => formatChinaDateTime(new Date(value)) },
  {
    title: '操作人',
    key: 'actor',
    width: 170,
    render: (_value, row) => (row.actor ? `${row.actor.username}（${row.actor.phone}）` : row.ip === 'cli' ? '命令行' : '—'),
  },
  { title: '操作', dataIndex: 'action', width: 140, render: (value: string) => actionLabel(value) },
  { title: '对象', key: 'target', width: 180, render: (_value, row) => targetOf(row) },
  { title: '修改前 → 修改后', key: 'changes', render: (_value, row) => <Changes row={row} /> },
];

/** Staff to filter by, searched on the server as the administrator types. */
function useStaffOptions(): [{ value: number; label: string }[], (keyword: string) => void] {
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const search = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      post(ROUTES.adminStaffList, { page: 1, pageSize: 20, keyword: keyword.trim() || undefined })
        .then((found) => setOptions(found.list.map((person) => ({ value: person.id, label: `${person.username}（${person.phone}）` }))))
        .catch(() => setOptions([]));
    }, 250);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  return [options, search];
}

export function AuditPage() {
  const [filter, setFilter] = useState<AdminAuditListBody>({ page: 1, pageSize: PAGE_SIZE });
  const { data, loading, error } = useServerPage(ROUTES.adminAuditList, filter);
  const [staffOptions, searchStaff] = useStaffOptions();

  // The first page of people, before anything is typed.
  useEffect(() => searchStaff(''), []);


  const refine = (change: Partial<AdminAuditListBody>) => setFilter((previous) => ({ ...previous, ...change, page: 1 }));

  return (
    <>
      <div className="console-toolbar">
        <Select
          aria-label="操作类型"
          placeholder="全部操作"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 200 }}
          options={ACTION_OPTIONS}
          onChange={(action: AdminAuditListBody['action']) => refine({ action })}
        />
        <Input.Search
          aria-label="操作人姓名或手机号"
          placeholder="操作人姓名或手机号"
          allowClear
          style={{ width: 220 }}
          onSearch={(keyword) => refine({ actorKeyword: keyword.trim() || undefined })}
        />
        <Select
          aria-label="对象员工"
          placeholder="对象员工"
          allowClear
          showSearch={{ filterOption: false, onSearch: searchStaff }}
          style={{ width: 200 }}
          options={staffOptions}
          onChange={(targetStaffId: number | undefined) => refine({ targetStaffId })}
        />
        <DatePicker.RangePicker
          aria-label="日期范围"
          placeholder={['开始日期', '结束日期']}
          onChange={(_dates, [startDate, endDate]) => refine({ startDate: startDate || undefined, endDate: endDate || undefined })}
        />
      </div>
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
      <Table<AdminAuditRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        scroll={{ x: 960 }}
        pagination={serverPagination(data, filter, PAGE_SIZE, '条', (page, pageSize) => setFilter((previous) => ({ ...previous, page, pageSize })))}
      />
    </>
  );
}
