/**
 * 系统设置 → 公海规则 (issue 27 §3): the site tree with the rules that apply at each site (its own,
 * or inherited from the nearest site above that sets one), and a site's own rules edited: each
 * rule on (this site's value) or off (沿用上级), the return days optionally per customer level.
 */
import {
  CUSTOMER_LEVELS,
  POOL_RULE_LABELS,
  type AdminPoolRulesSite,
  type CustomerLevel,
  type PoolLevelDays,
  type PoolRuleValues,
} from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { Alert, Button, Card, InputNumber, Modal, Space, Switch, Table, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { post } from './api';

type NumberRule = 'noFollowUpDays' | 'noOrderDays' | 'warnDays' | 'ownLimit' | 'dailyClaimLimit' | 'reclaimBlockDays';
const NUMBER_RULES: { key: NumberRule; unit: string }[] = [
  { key: 'noFollowUpDays', unit: '天' },
  { key: 'noOrderDays', unit: '天' },
  { key: 'warnDays', unit: '天' },
  { key: 'ownLimit', unit: '个' },
  { key: 'dailyClaimLimit', unit: '个' },
  { key: 'reclaimBlockDays', unit: '天' },
];

/** antd's secondary text grey is 3.4:1 on white: a darker grey keeps 4.5:1 (axe). */
const MUTED = { color: '#595959' };

type Row = AdminPoolRulesSite & { children?: Row[] };

function treeOf(sites: AdminPoolRulesSite[]): Row[] {
  const ids = new Set(sites.map((site) => site.siteId));
  const nodeOf = (site: AdminPoolRulesSite): Row => {
    const children = sites.filter((child) => child.parentId === site.siteId).map(nodeOf);
    return children.length > 0 ? { ...site, children } : { ...site };
  };
  return sites.filter((site) => site.parentId === null || !ids.has(site.parentId)).map(nodeOf);
}

function levelText(levels: PoolRuleValues['levelDays']): string {
  if (!levels) return '—';
  const parts = CUSTOMER_LEVELS.filter((level) => levels[level]).map((level) => {
    const days = levels[level];
    return `${level}: ${days?.noFollowUpDays ?? '—'}/${days?.noOrderDays ?? '—'}`;
  });
  return parts.length > 0 ? parts.join('，') : '不分等级';
}

/** A rule's effective value at a site, and whose it is when inherited. */
function Effective({ site, rule, names }: { site: AdminPoolRulesSite; rule: keyof PoolRuleValues; names: Map<number, string> }) {
  const value = site.effective[rule];
  const from = site.from[rule];
  const text = rule === 'levelDays' ? levelText(site.effective.levelDays) : value === null ? '未启用' : String(value as number);
  return (
    <span>
      {text}
      {from !== null && from !== site.siteId && <span style={MUTED}>（继承{names.get(from) ?? from}）</span>}
    </span>
  );
}

function RulesEditor({ site, onClose, onSaved }: { site: AdminPoolRulesSite; onClose(): void; onSaved(): void }) {
  const [rules, setRules] = useState<PoolRuleValues>(site.own);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<PoolRuleValues>) => setRules((current) => ({ ...current, ...patch }));
  const setLevel = (level: CustomerLevel, patch: Partial<PoolLevelDays>) =>
    setRules((current) => {
      const levels = { ...(current.levelDays ?? {}) };
      levels[level] = { noFollowUpDays: null, noOrderDays: null, ...levels[level], ...patch };
      return { ...current, levelDays: levels };
    });

  const save = () => {
    setSaving(true);
    setError(null);
    post(ROUTES.adminPoolRulesSave, { siteId: site.siteId, rules })
      .then(() => onSaved())
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : '保存失败'))
      .finally(() => setSaving(false));
  };

  return (
    <Modal open title={`公海规则 · ${site.name}`} onCancel={onClose} onOk={save} okText="保存" cancelText="取消" confirmLoading={saving} width={560} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <span style={MUTED}>关闭的规则沿用上级站点；上级也未设置时不启用。回收天数从绑定或负责人最近一次跟进 / 成交算起，规则一开启即按此计算。</span>
        {error && <Alert type="error" showIcon title={error} />}
        {NUMBER_RULES.map(({ key, unit }) => {
          const value = rules[key];
          return (
            <Space key={key} style={{ width: '100%', justifyContent: 'space-between' }}>
              <Switch
                checked={value !== null}
                onChange={(on) => set({ [key]: on ? (site.effective[key] ?? (unit === '天' ? 30 : 100)) : null })}
                aria-label={`${POOL_RULE_LABELS[key]}：本站设置`}
              />
              <span style={{ width: 160, display: 'inline-block' }}>{POOL_RULE_LABELS[key]}</span>
              <InputNumber
                aria-label={POOL_RULE_LABELS[key]}
                disabled={value === null}
                value={value}
                precision={0}
                onChange={(next) => set({ [key]: typeof next === 'number' ? next : null })}
                suffix={unit}
                placeholder={value === null ? '沿用上级' : undefined}
                data-testid={`pool-rule-${key}`}
              />
            </Space>
          );
        })}
        <Space>
          <Switch checked={rules.levelDays !== null} onChange={(on) => set({ levelDays: on ? {} : null })} aria-label="按等级设置：本站设置" />
          <span>按客户等级设置回收天数（空为沿用通用天数）</span>
        </Space>
        {rules.levelDays !== null &&
          CUSTOMER_LEVELS.map((level) => (
            <Space key={level}>
              <Tag>{level} 类</Tag>
              <InputNumber
                aria-label={`${level} 类未跟进回收天数`}
                value={rules.levelDays?.[level]?.noFollowUpDays ?? null}
                precision={0}
                placeholder="未跟进天数"
                onChange={(next) => setLevel(level, { noFollowUpDays: typeof next === 'number' ? next : null })}
              />
              <InputNumber
                aria-label={`${level} 类未成交回收天数`}
                value={rules.levelDays?.[level]?.noOrderDays ?? null}
                precision={0}
                placeholder="未成交天数"
                onChange={(next) => setLevel(level, { noOrderDays: typeof next === 'number' ? next : null })}
              />
            </Space>
          ))}
      </Space>
    </Modal>
  );
}

export function PoolRulesCard() {
  const [sites, setSites] = useState<AdminPoolRulesSite[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<AdminPoolRulesSite | null>(null);

  const load = useCallback(() => {
    post(ROUTES.adminPoolRulesList)
      .then((answer) => setSites(answer.list))
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : '读取失败'));
  }, []);
  useEffect(load, [load]);

  const names = useMemo(() => new Map((sites ?? []).map((site) => [site.siteId, site.name])), [sites]);
  const tree = useMemo(() => treeOf(sites ?? []), [sites]);

  return (
    <Card title="公海规则" data-testid="pool-rules">
      {error && <Alert type="error" showIcon title={error} />}
      {!sites && !error && <span style={MUTED}>加载中…</span>}
      {sites && (
        <Table<Row>
          rowKey="siteId"
          size="small"
          pagination={false}
          dataSource={tree}
          expandable={{ defaultExpandAllRows: true }}
          columns={[
            {
              title: '站点',
              key: 'name',
              render: (_, site) => (
                <span>
                  {site.name} {site.archived && <Tag>已归档</Tag>}
                </span>
              ),
            },
            { title: POOL_RULE_LABELS.noFollowUpDays, key: 'noFollowUpDays', render: (_, site) => <Effective site={site} rule="noFollowUpDays" names={names} /> },
            { title: POOL_RULE_LABELS.noOrderDays, key: 'noOrderDays', render: (_, site) => <Effective site={site} rule="noOrderDays" names={names} /> },
            { title: '按等级（未跟进/未成交）', key: 'levelDays', render: (_, site) => <Effective site={site} rule="levelDays" names={names} /> },
            { title: POOL_RULE_LABELS.warnDays, key: 'warnDays', render: (_, site) => (site.returnsCustomers ? `${site.warnDays}` : '—') },
            { title: POOL_RULE_LABELS.ownLimit, key: 'ownLimit', render: (_, site) => <Effective site={site} rule="ownLimit" names={names} /> },
            { title: POOL_RULE_LABELS.dailyClaimLimit, key: 'dailyClaimLimit', render: (_, site) => <Effective site={site} rule="dailyClaimLimit" names={names} /> },
            { title: POOL_RULE_LABELS.reclaimBlockDays, key: 'reclaimBlockDays', render: (_, site) => <Effective site={site} rule="reclaimBlockDays" names={names} /> },
            {
              title: '操作',
              key: 'edit',
              render: (_, site) => (
                <Button size="small" disabled={site.archived} onClick={() => setEditing(site)}>
                  编辑规则
                </Button>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <RulesEditor
          site={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
    </Card>
  );
}
