/** 组织架构: the sites with their active members and leaders. */
import type { AdminSite } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { Alert, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { post } from './api';

const columns: TableColumnsType<AdminSite> = [
  { title: '站点编号', dataIndex: 'id', width: 110 },
  { title: '站点名称', dataIndex: 'name' },
  { title: '区域', dataIndex: 'region', width: 120 },
  { title: '在职人数', dataIndex: 'memberCount', width: 110, align: 'right' },
  { title: '主管人数', dataIndex: 'leaderCount', width: 110, align: 'right' },
];

export function SitesPage() {
  const [sites, setSites] = useState<AdminSite[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    post(ROUTES.adminSiteList)
      .then((result) => setSites(result.list))
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : '加载失败'));
  }, []);
  return (
    <>
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
      <Table<AdminSite> rowKey="id" size="middle" columns={columns} dataSource={sites ?? []} loading={sites === null && !error} pagination={false} />
    </>
  );
}
