/** 员工: every person of the organisation, paged on the server, searchable and filtered by site, status and role. */
import {
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  STAFF_STATUS_LABELS,
  STAFF_STATUSES,
  formatChinaDateTime,
  type AdminSite,
  type AdminStaffListBody,
  type AdminStaffRow,
  type StaffRole,
  type StaffStatus,
} from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { Alert, App, Button, Input, Popconfirm, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { post } from './api';
import { HiredNotice, StaffCreateModal, type Hired } from './staff-create';
import { StaffEditModal, StaffLeaveModal } from './staff-lifecycle';
import { serverPagination, useServerPage } from './server-pagination';
import { tableWidth } from './table-width';

const PAGE_SIZE = 20;

const baseColumns: TableColumnsType<AdminStaffRow> = [
  { title: '姓名', dataIndex: 'username', width: 120 },
  { title: '手机号', dataIndex: 'phone', width: 130 },
  {
    title: '岗位',
    key: 'positions',
    width: 240,
    render: (_value, row) =>
      row.positions.length === 0 ? (
        <span style={{ color: '#595959' }}>无岗位</span>
      ) : (
        <Space size={[4, 4]} wrap>
          {row.positions.map((position, index) => (
            <Tag key={`${position.siteId}-${index}`} color={position.isLeader ? 'blue' : undefined}>
              {position.siteName} · {position.isLeader ? '主管' : '业务员'}
              {position.drawAuth ? ' · drawAuth' : ''}
            </Tag>
          ))}
        </Space>
      ),
  },
  {
    title: '权限',
    key: 'flags',
    width: 220,
    render: (_value, row) => (
      <Space size={[4, 4]} wrap>
        {row.isAdmin && <Tag style={{ color: '#874d00', background: '#fffbe6', borderColor: '#ffe58f' }}>系统管理员</Tag>}
        {row.reportAllSites && <Tag>全部站点报告</Tag>}
        {row.teamReportAuth && <Tag>团队报告</Tag>}
      </Space>
    ),
  },
  { title: '企业微信', dataIndex: 'wecomUserId', width: 120, render: (value: string | null) => value ?? '—' },
  { title: '钉钉', dataIndex: 'dingtalkUserId', width: 120, render: (value: string | null) => value ?? '—' },
  {
    title: '状态',
    dataIndex: 'status',
    width: 110,
    render: (value: StaffStatus, row) => (
      <>
        {STAFF_STATUS_LABELS[value]}
        {row.deactivatedAt && <div className="console-hint">{formatChinaDateTime(new Date(row.deactivatedAt))} 离职</div>}
      </>
    ),
  },
  { title: '加入时间', dataIndex: 'createdAt', width: 170, render: (value: string) => formatChinaDateTime(new Date(value)) },
];

export function StaffPage() {
  const [filter, setFilter] = useState<AdminStaffListBody>({ page: 1, pageSize: PAGE_SIZE });
  const { data, loading, error } = useServerPage(ROUTES.adminStaffList, filter);
  const [sites, setSites] = useState<AdminSite[]>([]);
  const [creating, setCreating] = useState(false);
  const [hired, setHired] = useState<Hired | null>(null);
  const [editing, setEditing] = useState<AdminStaffRow | null>(null);
  const [leaving, setLeaving] = useState<AdminStaffRow | null>(null);
  const reload = () => setFilter((previous) => ({ ...previous }));

  useEffect(() => {
    post(ROUTES.adminSiteList)
      .then((result) => setSites(result.list))
      .catch(() => setSites([]));
  }, []);


  const { message } = App.useApp();
  const resetPassword = async (row: AdminStaffRow) => {
    try {
      const done = await post(ROUTES.adminStaffResetPassword, { staffId: row.id });
      setHired({ title: '密码已重置', username: row.username, phone: done.phone, oneTimePassword: done.oneTimePassword });
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : '重置失败');
    }
  };
  const reactivate = async (row: AdminStaffRow) => {
    try {
      await post(ROUTES.adminStaffReactivate, { staffId: row.id });
      void message.success(`${row.username} 已启用，可用原密码登录`);
      reload();
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : '启用失败');
    }
  };
  const columns: TableColumnsType<AdminStaffRow> = [
    ...baseColumns,
    {
      title: '操作',
      key: 'actions',
      width: 230,
      fixed: 'right',
      render: (_value, row) =>
        row.status === 'active' ? (
          <Space size={4}>
            <Button size="small" autoInsertSpace={false} aria-label={`编辑 ${row.username}`} onClick={() => setEditing(row)}>
              编辑
            </Button>
            <Popconfirm
              title={`重置 ${row.username} 的密码？`}
              description="将短信发送一次性密码，其登录全部失效"
              okText="重置"
              cancelText="取消"
              onConfirm={() => resetPassword(row)}
            >
              <Button size="small" aria-label={`重置密码 ${row.username}`}>
                重置密码
              </Button>
            </Popconfirm>
            <Button size="small" autoInsertSpace={false} aria-label={`离职 ${row.username}`} onClick={() => setLeaving(row)}>
              离职
            </Button>
          </Space>
        ) : row.status === 'inactive' ? (
          <Space size={4}>
            <Button size="small" autoInsertSpace={false} aria-label={`编辑 ${row.username}`} onClick={() => setEditing(row)}>
              编辑
            </Button>
            <Popconfirm title={`启用 ${row.username}？`} description="恢复登录（原密码），客户不会恢复" okText="启用" cancelText="取消" onConfirm={() => reactivate(row)}>
              <Button size="small" autoInsertSpace={false} aria-label={`启用 ${row.username}`}>
                启用
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  const refine = (change: Partial<AdminStaffListBody>) => setFilter((previous) => ({ ...previous, ...change, page: 1 }));

  return (
    <>
      <div className="console-toolbar">
        <Input.Search aria-label="搜索姓名或手机号" placeholder="搜索姓名或手机号" allowClear style={{ width: 240 }} onSearch={(keyword) => refine({ keyword: keyword.trim() || undefined })} />
        <Select
          aria-label="站点"
          placeholder="全部站点"
          allowClear
          style={{ width: 160 }}
          options={sites.map((site) => ({ value: site.id, label: site.name }))}
          onChange={(siteId: number | undefined) => refine({ siteId })}
        />
        <Select
          aria-label="角色"
          placeholder="全部角色"
          allowClear
          style={{ width: 140 }}
          options={STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }))}
          onChange={(staffRole: StaffRole | undefined) => refine({ staffRole })}
        />
        <Select
          aria-label="状态"
          value={filter.staffStatus ?? 'active'}
          style={{ width: 120 }}
          options={STAFF_STATUSES.map((status) => ({ value: status, label: STAFF_STATUS_LABELS[status] }))}
          onChange={(staffStatus: StaffStatus) => refine({ staffStatus })}
        />
        <Button type="primary" style={{ marginLeft: 'auto' }} onClick={() => setCreating(true)}>
          新员工
        </Button>
      </div>
      <StaffCreateModal
        open={creating}
        sites={sites}
        onClose={() => setCreating(false)}
        onCreated={(person) => {
          setCreating(false);
          setHired(person);
          setFilter((previous) => ({ ...previous, page: 1 }));
        }}
      />
      <HiredNotice hired={hired} onClose={() => setHired(null)} />
      <StaffEditModal
        person={editing}
        sites={sites}
        onClose={() => setEditing(null)}
        onSaved={(row) => {
          setEditing(null);
          void message.success(`${row.username} 已保存`);
          reload();
        }}
      />
      <StaffLeaveModal
        person={leaving}
        onClose={() => setLeaving(null)}
        onDone={(row) => {
          setLeaving(null);
          void message.success(`${row.username} 已离职，账号已停用`);
          reload();
        }}
      />
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
      <Table<AdminStaffRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        scroll={{ x: tableWidth(columns) }}
        pagination={serverPagination(data, filter, PAGE_SIZE, '人', (page, pageSize) => setFilter((previous) => ({ ...previous, page, pageSize })))}
      />
    </>
  );
}
