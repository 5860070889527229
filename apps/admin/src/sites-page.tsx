/**
 * 组织架构: the sites as a tree with their active members and leaders, and the administrator's
 * writes — 新建站点 (under a chosen parent), 重命名, 移动, 归档 / 恢复. The server decides (cycles,
 * duplicate names, archiving a site that still has people); its message is shown as it comes.
 */
import type { AdminSite } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { Alert, App, Button, Form, Input, Modal, Popconfirm, Space, Switch, Table, Tag, TreeSelect, Typography, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { post } from './api';
import { ancestorIds, buildSiteTree, descendantIds, parentOptions, sitesWithChildren, TOP_LEVEL, type SiteNode } from './site-tree';

type Dialog = { kind: 'create'; parentId: number | null } | { kind: 'rename'; site: AdminSite } | { kind: 'move'; site: AdminSite };

interface SiteForm {
  name: string;
  region: string;
  parentId: number;
}

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : '操作失败');

export function SitesPage() {
  const { message } = App.useApp();
  const [sites, setSites] = useState<AdminSite[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Every site shows the sites below it unless the administrator folded it: one that gets its
  // first child (新建下级, 移动) opens on it, where a tree expanded once at the start stayed shut.
  const [folded, setFolded] = useState<ReadonlySet<number>>(() => new Set());

  const load = useCallback(async () => {
    try {
      setSites((await post(ROUTES.adminSiteList)).list);
      setError(null);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const tree = useMemo(() => buildSiteTree(sites ?? [], showArchived), [sites, showArchived]);
  const expanded = useMemo(() => sitesWithChildren(tree).filter((id) => !folded.has(id)), [tree, folded]);
  const fold = (id: number, open: boolean) =>
    setFolded((previous) => {
      const next = new Set(previous);
      if (open) next.delete(id);
      else next.add(id);
      return next;
    });
  // The site a write put a site under, and those above it, open so the site shows where it went.
  const unfoldDownTo = (parentId: number | null | undefined) => {
    if (parentId === null || parentId === undefined || !sites) return;
    const opened = new Set([parentId, ...ancestorIds(sites, parentId)]);
    setFolded((previous) => new Set([...previous].filter((id) => !opened.has(id))));
  };

  const archiveOrRestore = async (site: AdminSite) => {
    try {
      if (site.archived) await post(ROUTES.adminSiteRestore, { id: site.id });
      else await post(ROUTES.adminSiteArchive, { id: site.id });
      void message.success(site.archived ? `已恢复 ${site.name}` : `已归档 ${site.name}`);
      await load();
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  const columns: TableColumnsType<SiteNode> = [
    {
      title: '站点名称',
      dataIndex: 'name',
      // The tree's indent and expander live in this column: it keeps its room at 1024×768, where the
      // actions wrap onto two lines instead.
      width: 220,
      render: (name: string, site) => (
        <Space>
          <span>{name}</span>
          {site.archived && <Tag>已归档</Tag>}
        </Space>
      ),
    },
    { title: '站点编号', dataIndex: 'id', width: 90 },
    { title: '区域', dataIndex: 'region', width: 90 },
    { title: '在职人数', dataIndex: 'memberCount', width: 90, align: 'right' },
    { title: '主管人数', dataIndex: 'leaderCount', width: 90, align: 'right' },
    {
      title: '操作',
      key: 'actions',
      render: (_, site) =>
        site.archived ? (
          <Popconfirm title={`恢复站点「${site.name}」？`} okText="恢复" cancelText="取消" onConfirm={() => archiveOrRestore(site)}>
            <Button type="link" size="small">
              恢复
            </Button>
          </Popconfirm>
        ) : (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'create', parentId: site.id })}>
              新建下级
            </Button>
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'rename', site })}>
              重命名
            </Button>
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'move', site })}>
              移动
            </Button>
            <Popconfirm
              title={`归档站点「${site.name}」？`}
              description="归档后不再出现在选择列表中，历史数据仍可查看。"
              okText="归档"
              cancelText="取消"
              onConfirm={() => archiveOrRestore(site)}
            >
              <Button type="link" size="small">
                归档
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <>
      <div className="sites-toolbar">
        <Button type="primary" onClick={() => setDialog({ kind: 'create', parentId: null })}>
          新建站点
        </Button>
        <Space>
          <Switch id="show-archived" checked={showArchived} onChange={setShowArchived} />
          <label htmlFor="show-archived">显示已归档</label>
        </Space>
      </div>
      {error && <Alert type="error" title={error} showIcon closable onClose={() => setError(null)} style={{ marginBottom: 16 }} />}
      {sites !== null && (
        <Table<SiteNode>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={tree}
          pagination={false}
          expandable={{ expandedRowKeys: expanded, onExpand: (open, site) => fold(site.id, open) }}
          rowClassName={(site) => (site.archived ? 'site-archived' : '')}
        />
      )}
      {sites === null && !error && <Table<SiteNode> rowKey="id" columns={columns} dataSource={[]} loading pagination={false} />}
      {dialog && sites && (
        <SiteDialog
          dialog={dialog}
          sites={sites}
          onClose={() => setDialog(null)}
          onDone={async (text, parentId) => {
            setDialog(null);
            unfoldDownTo(parentId);
            void message.success(text);
            await load();
          }}
        />
      )}
    </>
  );
}

interface SiteDialogProps {
  dialog: Dialog;
  sites: AdminSite[];
  onClose: () => void;
  /** After a write: what to say, and the site the created or moved site is now under (null: top level; undefined: a rename). */
  onDone: (text: string, parentId?: number | null) => Promise<void>;
}

function SiteDialog({ dialog, sites, onClose, onDone }: SiteDialogProps) {
  const [form] = Form.useForm<SiteForm>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const site = dialog.kind === 'create' ? null : dialog.site;
  const below = useMemo(() => (site ? descendantIds(sites, site.id) : new Set<number>()), [sites, site]);
  const options = useMemo(() => parentOptions(sites, dialog.kind === 'move' && site ? site.id : null, below), [sites, dialog.kind, site, below]);
  const title = dialog.kind === 'create' ? '新建站点' : dialog.kind === 'rename' ? `重命名「${dialog.site.name}」` : `移动「${dialog.site.name}」`;
  const parentOf = (id: number) => sites.find((row) => row.id === id);
  const initial: Partial<SiteForm> =
    dialog.kind === 'create'
      ? { parentId: dialog.parentId ?? TOP_LEVEL, region: dialog.parentId ? (parentOf(dialog.parentId)?.region ?? '') : '' }
      : { name: dialog.site.name, region: dialog.site.region, parentId: dialog.site.parentId ?? TOP_LEVEL };

  const submit = async (values: SiteForm) => {
    setBusy(true);
    setFailure(null);
    try {
      const parentId = values.parentId === TOP_LEVEL ? null : values.parentId;
      if (dialog.kind === 'create') {
        const created = await post(ROUTES.adminSiteCreate, { name: values.name, region: values.region, ...(parentId === null ? {} : { parentId }) });
        await onDone(`已新建 ${created.name}`, parentId);
      } else if (dialog.kind === 'rename') {
        const renamed = await post(ROUTES.adminSiteUpdate, { id: dialog.site.id, name: values.name, region: values.region });
        await onDone(`已改名为 ${renamed.name}`);
      } else {
        await post(ROUTES.adminSiteMove, { id: dialog.site.id, parentId });
        await onDone(`已移动 ${dialog.site.name}`, parentId);
      }
    } catch (refused) {
      setFailure(messageOf(refused));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={title} okText="确定" cancelText="取消" confirmLoading={busy} onCancel={onClose} onOk={() => form.submit()} destroyOnHidden>
      {failure && <Alert type="error" title={failure} showIcon style={{ marginBottom: 16 }} />}
      <Form<SiteForm> form={form} name="site" layout="vertical" initialValues={initial} onFinish={submit}>
        {dialog.kind !== 'move' && (
          <>
            <Form.Item name="name" label="站点名称" rules={[{ required: true, whitespace: true, message: '请填写站点名称' }, { max: 64, message: '站点名称最多 64 个字' }]}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="region" label="区域" rules={[{ required: true, whitespace: true, message: '请填写区域' }, { max: 64, message: '区域最多 64 个字' }]}>
              <Input maxLength={64} />
            </Form.Item>
          </>
        )}
        {dialog.kind !== 'rename' && (
          <Form.Item name="parentId" label="上级站点" rules={[{ required: true, message: '请选择上级站点' }]}>
            <TreeSelect treeData={options} treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'label' }} aria-label="上级站点" />
          </Form.Item>
        )}
        {dialog.kind === 'move' && below.size > 0 && (
          <Typography.Text type="secondary">灰色的站点是它自己或它的下级：不能移到自己或下级站点之下。</Typography.Text>
        )}
      </Form>
    </Modal>
  );
}
