/**
 * 系统设置 → 通讯录同步 (issue 28 §2): choose the directory (only the configured 企业微信 / 钉钉),
 * read its department tree, tick the departments that are sites and pick each one's site (an
 * existing one, or a new one under a parent), save; then 预览 lists what a sync would do (sites,
 * people, conflicts) and 执行同步 writes exactly that preview. The daily sync's switch and the last
 * run's outcome are here too.
 */
import {
  DIRECTORY_PERSON_ACTION_LABELS,
  DIRECTORY_PROVIDER_LABELS,
  DIRECTORY_RUN_KIND_LABELS,
  DIRECTORY_SITE_ACTION_LABELS,
  type AdminDirectoryApplyResult,
  type AdminDirectoryDepartment,
  type AdminDirectoryMappingInput,
  type AdminDirectoryPlan,
  type AdminDirectoryStatus,
  type AdminSite,
  type DirectoryProviderName,
} from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { Alert, Button, Card, Checkbox, Descriptions, Radio, Select, Space, Switch, Table, Tag, TreeSelect, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { post } from './api';
import { parentOptions, TOP_LEVEL } from './site-tree';

/** The site picker's value for 新建站点 (no site has a negative id). */
const NEW_SITE = -1;
const MUTED = { color: '#595959' };

const COUNT_LABELS: Record<string, string> = { sites: '站点变更', create: '新建', update: '更新', move: '调动', deactivate: '离职', reactivate: '复职', conflicts: '冲突' };
const countsText = (counts: Record<string, number>) =>
  Object.entries(COUNT_LABELS)
    .map(([key, label]) => `${label} ${counts[key] ?? 0}`)
    .join('，');

/** A ticked department: onto a site (id), or a new site under `parent` (TOP_LEVEL for none). */
interface Choice {
  site: number;
  parent: number;
  /** 离职交接人 (an existing site's active member); null: a leaver's customers go to the site's pool. */
  handover: number | null;
}

/** The 离职交接人 picker of one existing site: its active members, read when opened; empty = 公海. */
function HandoverSelect({ siteId, value, label, name, onChange }: { siteId: number; value: number | null; label: string; name: string | null; onChange: (value: number | null) => void }) {
  const [members, setMembers] = useState<{ value: number; label: string }[] | null>(null);
  useEffect(() => setMembers(null), [siteId]);
  const read = () => {
    if (members) return;
    post(ROUTES.adminStaffList, { page: 1, pageSize: 100, siteId, staffStatus: 'active' })
      .then((page) => setMembers(page.list.map((person) => ({ value: person.id, label: person.username }))))
      .catch(() => setMembers([]));
  };
  const options = members ?? (value !== null ? [{ value, label: name ?? `员工${value}` }] : []);
  return (
    <Select<number | null>
      style={{ minWidth: 140 }}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="公海"
      value={value}
      options={options}
      onOpenChange={(open) => open && read()}
      onChange={(next) => onChange(next ?? null)}
      aria-label={label}
    />
  );
}

type DepartmentRow = AdminDirectoryDepartment & { children?: DepartmentRow[] };

function departmentTree(departments: AdminDirectoryDepartment[]): DepartmentRow[] {
  const ids = new Set(departments.map((department) => department.id));
  const nodeOf = (department: AdminDirectoryDepartment): DepartmentRow => {
    const children = departments.filter((child) => child.parentId === department.id).map(nodeOf);
    return children.length > 0 ? { ...department, children } : { ...department };
  };
  return departments.filter((department) => department.parentId === null || !ids.has(department.parentId)).map(nodeOf);
}

const failureText = (failure: unknown, fallback: string) => (failure instanceof Error ? failure.message : fallback);

export function DirectorySyncCard() {
  const [status, setStatus] = useState<AdminDirectoryStatus | null>(null);
  const [sites, setSites] = useState<AdminSite[]>([]);
  const [provider, setProvider] = useState<DirectoryProviderName | null>(null);
  const [dailySync, setDailySync] = useState(false);
  const [departments, setDepartments] = useState<AdminDirectoryDepartment[] | null>(null);
  const [choices, setChoices] = useState<Map<string, Choice>>(new Map());
  const [plan, setPlan] = useState<AdminDirectoryPlan | null>(null);
  const [result, setResult] = useState<AdminDirectoryApplyResult | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const load = useCallback(async () => {
    try {
      const [answer, siteList] = await Promise.all([post(ROUTES.adminDirectoryStatus), post(ROUTES.adminSiteList)]);
      setStatus(answer);
      setSites(siteList.list);
      setProvider(answer.provider ?? answer.providers[0] ?? null);
      setDailySync(answer.dailySync);
      setChoices(new Map(answer.mappings.map((mapping) => [mapping.departmentId, { site: mapping.siteId ?? NEW_SITE, parent: mapping.parentSiteId ?? TOP_LEVEL, handover: mapping.handoverStaffId }])));
    } catch (failure) {
      setError(failureText(failure, '读取失败'));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const run = async (what: string, work: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failureText(failure, '操作失败'));
    } finally {
      setBusy(null);
    }
  };

  const readTree = () =>
    run('tree', async () => {
      if (!provider) return;
      setDepartments((await post(ROUTES.adminDirectoryTree, { provider })).departments);
    });

  const save = () =>
    run('save', async () => {
      if (!provider) return;
      const mappings: AdminDirectoryMappingInput[] = [...choices].map(([departmentId, choice]) =>
        choice.site === NEW_SITE ? { departmentId, parentSiteId: choice.parent === TOP_LEVEL ? null : choice.parent } : { departmentId, siteId: choice.site, handoverStaffId: choice.handover },
      );
      setStatus(await post(ROUTES.adminDirectorySave, { provider, dailySync, mappings }));
      setPlan(null);
      setSaved(true);
    });

  const preview = () =>
    run('preview', async () => {
      setResult(null);
      setPlan(await post(ROUTES.adminDirectoryPreview));
      setStatus(await post(ROUTES.adminDirectoryStatus));
    });

  const apply = () =>
    run('apply', async () => {
      if (!plan) return;
      setResult(await post(ROUTES.adminDirectoryApply, { fingerprint: plan.fingerprint }));
      setPlan(null);
      await load();
    });

  const siteOptions = useMemo(() => {
    const [top, ...rest] = parentOptions(sites, null, new Set());
    return { sites: [{ value: NEW_SITE, label: '新建站点（以部门命名）' }, ...rest], parents: top ? [top, ...rest] : rest };
  }, [sites]);
  const tree = useMemo(() => departmentTree(departments ?? []), [departments]);

  if (!status) return <Card title="通讯录同步">{error ? <Alert type="error" showIcon title={error} /> : <span style={MUTED}>加载中…</span>}</Card>;
  if (status.providers.length === 0) {
    return (
      <Card title="通讯录同步" data-testid="directory-sync">
        <Alert type="info" showIcon title="未配置企业微信或钉钉：配置 WECOM_* 或 DINGTALK_* 环境变量并重启后，可从通讯录同步组织架构与员工。" />
      </Card>
    );
  }

  const choose = (departmentId: string, choice: Choice | null) => {
    setSaved(false);
    setChoices((current) => {
      const next = new Map(current);
      if (choice) next.set(departmentId, choice);
      else next.delete(departmentId);
      return next;
    });
  };

  return (
    <Card title="通讯录同步" data-testid="directory-sync">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {error && <Alert type="error" showIcon title={error} />}
        <Space wrap>
          <span>通讯录来源</span>
          <Radio.Group
            value={provider}
            onChange={(event) => {
              setProvider(event.target.value as DirectoryProviderName);
              setDepartments(null);
              setChoices(new Map());
              setSaved(false);
            }}
            options={status.providers.map((name) => ({ value: name, label: DIRECTORY_PROVIDER_LABELS[name] }))}
            aria-label="通讯录来源"
          />
          <Switch
            checked={dailySync}
            onChange={(on) => {
              setDailySync(on);
              setSaved(false);
            }}
            aria-label="每日同步"
          />
          <span>每日同步（每天凌晨自动执行，冲突通知管理员）</span>
        </Space>
        <Space wrap>
          <Button onClick={() => void readTree()} loading={busy === 'tree'}>
            读取通讯录部门
          </Button>
          <Button type="primary" onClick={() => void save()} loading={busy === 'save'} disabled={!provider}>
            保存设置
          </Button>
          {saved && <span>已保存</span>}
          <Button onClick={() => void preview()} loading={busy === 'preview'}>
            预览同步
          </Button>
        </Space>
        {departments && (
          <Table<DepartmentRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={tree}
            expandable={{ defaultExpandAllRows: true }}
            aria-label="通讯录部门"
            columns={[
              {
                title: '部门',
                key: 'name',
                render: (_, department) => (
                  <Checkbox checked={choices.has(department.id)} onChange={(event) => choose(department.id, event.target.checked ? { site: NEW_SITE, parent: TOP_LEVEL, handover: null } : null)}>
                    {department.name}
                  </Checkbox>
                ),
              },
              { title: '直属人数', dataIndex: 'memberCount', key: 'memberCount', width: 90 },
              {
                title: '对应站点',
                key: 'site',
                render: (_, department) => {
                  const choice = choices.get(department.id);
                  if (!choice) return <span style={MUTED}>不同步</span>;
                  return (
                    <Space wrap>
                      <TreeSelect
                        style={{ minWidth: 200 }}
                        treeData={siteOptions.sites}
                        value={choice.site}
                        treeDefaultExpandAll
                        onChange={(value: number) => choose(department.id, { ...choice, site: value, handover: null })}
                        aria-label={`${department.name}的站点`}
                      />
                      {choice.site === NEW_SITE && (
                        <TreeSelect
                          style={{ minWidth: 180 }}
                          treeData={siteOptions.parents}
                          value={choice.parent}
                          treeDefaultExpandAll
                          onChange={(value: number) => choose(department.id, { ...choice, parent: value })}
                          aria-label={`${department.name}的新站点的上级`}
                        />
                      )}
                    </Space>
                  );
                },
              },
              {
                title: '离职交接人',
                key: 'handover',
                width: 170,
                render: (_, department) => {
                  const choice = choices.get(department.id);
                  if (!choice) return null;
                  if (choice.site === NEW_SITE) return <span style={MUTED}>公海（站点建好后可指定）</span>;
                  return (
                    <HandoverSelect
                      siteId={choice.site}
                      value={choice.handover}
                      name={status.mappings.find((mapping) => mapping.departmentId === department.id)?.handoverName ?? null}
                      label={`${department.name}的离职交接人`}
                      onChange={(handover) => choose(department.id, { ...choice, handover })}
                    />
                  );
                },
              },
            ]}
          />
        )}
        {!departments && status.mappings.length > 0 && (
          <span>
            已映射 {status.mappings.length} 个部门：{status.mappings.map((mapping) => `${mapping.departmentName} → ${mapping.siteName ?? '新站点（待同步创建）'}${mapping.handoverName ? `（离职交接人 ${mapping.handoverName}）` : ''}`).join('；')}
          </span>
        )}
        {plan && (
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="directory-plan">
            <Alert
              type={plan.conflicts.length > 0 ? 'warning' : 'info'}
              showIcon
              title={`预览：站点变更 ${plan.sites.length}，人员变更 ${plan.people.length}，冲突 ${plan.conflicts.length}（冲突不会处理，请在通讯录或员工页解决）`}
            />
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              站点
            </Typography.Title>
            {plan.sites.length === 0 && <span>无站点变更</span>}
            {plan.sites.length > 0 && <Table
              rowKey={(row) => `${row.action}-${row.departmentId}`}
              size="small"
              dataSource={plan.sites}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { title: '操作', key: 'action', render: (_, row) => <Tag>{DIRECTORY_SITE_ACTION_LABELS[row.action]}</Tag>, width: 90 },
                { title: '站点', dataIndex: 'name', key: 'name' },
                { title: '说明', dataIndex: 'detail', key: 'detail' },
              ]}
            />}
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              人员
            </Typography.Title>
            {plan.people.length === 0 && <span>无人员变更</span>}
            {plan.people.length > 0 && <Table
              rowKey="directoryId"
              size="small"
              dataSource={plan.people}
              pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
              columns={[
                {
                  title: '操作',
                  key: 'action',
                  width: 90,
                  render: (_, row) => <Tag>{DIRECTORY_PERSON_ACTION_LABELS[row.action]}</Tag>,
                  filters: Object.entries(DIRECTORY_PERSON_ACTION_LABELS).map(([value, text]) => ({ value, text })),
                  onFilter: (value, row) => row.action === value,
                },
                { title: '姓名', dataIndex: 'name', key: 'name' },
                { title: '手机号', dataIndex: 'phone', key: 'phone' },
                { title: '通讯录账号', dataIndex: 'directoryId', key: 'directoryId' },
                { title: '变更', key: 'changes', render: (_, row) => row.changes.join('；') },
              ]}
            />}
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              冲突
            </Typography.Title>
            {plan.conflicts.length === 0 && <span>无冲突</span>}
            {plan.conflicts.length > 0 && <Table
              rowKey={(row) => `${row.directoryId}-${row.reason}`}
              size="small"
              dataSource={plan.conflicts}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { title: '通讯录账号 / 部门', dataIndex: 'directoryId', key: 'directoryId' },
                { title: '名称', dataIndex: 'name', key: 'name' },
                { title: '原因', dataIndex: 'reason', key: 'reason' },
              ]}
            />}
            <Button type="primary" onClick={() => void apply()} loading={busy === 'apply'} disabled={plan.sites.length === 0 && plan.people.length === 0}>
              执行同步
            </Button>
          </Space>
        )}
        {result && <Alert type="success" showIcon title={`同步完成：${countsText(result.counts)}`} />}
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="上次运行">
            {status.lastRun
              ? `${DIRECTORY_RUN_KIND_LABELS[status.lastRun.kind]} · ${new Date(status.lastRun.at).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai' })} · ${status.lastRun.error ?? countsText(status.lastRun.counts)}`
              : '尚未运行'}
          </Descriptions.Item>
        </Descriptions>
      </Space>
    </Card>
  );
}
