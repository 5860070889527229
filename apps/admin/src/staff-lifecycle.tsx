/**
 * 编辑 / 调岗 and 离职 of one person (issue 26 §4). Both ask the server where the person owns
 * customers (staff/handover) and make the administrator say, for each site they leave, whether the
 * customers go to a colleague of that site or back to the site unbound (退回站点).
 */
import type { AdminHandover, AdminHandoverSite, AdminSite, AdminStaffRow, AdminStaffUpdateBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { Alert, Form, Modal, Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { post } from './api';
import { FlagFields, PersonFields, PositionsField, toPositionInputs, type PositionField } from './staff-create';

/** The 退回站点 choice in a handover picker (the contract's toStaffId null). */
const BACK_TO_SITE = 0;

/** Each site's handover pick, by site id: a colleague's id or BACK_TO_SITE. */
type Picks = Record<string, number | undefined>;

/** What the server says about the person's customers and colleagues per site, read when a dialog opens. */
function useHandoverInfo(person: AdminStaffRow | null) {
  const [sites, setSites] = useState<AdminHandoverSite[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!person) return;
    let current = true;
    setSites(null);
    setError(null);
    post(ROUTES.adminStaffHandover, { staffId: person.id })
      .then((info) => current && setSites(info.sites))
      .catch((failure: unknown) => current && setError(failure instanceof Error ? failure.message : '加载失败'));
    return () => {
      current = false;
    };
  }, [person]);
  return { sites, error };
}

/** One picker per site whose customers move: a colleague of that site, or 退回站点. */
function HandoverPickers({ due }: { due: AdminHandoverSite[] }) {
  return (
    <fieldset className="console-fieldset">
      <legend>客户交接</legend>
      {due.map((site) => (
        <Form.Item
          key={site.siteId}
          name={['handovers', String(site.siteId)]}
          label={`${site.siteName}：${site.customerCount} 位客户交给`}
          rules={[{ required: true, message: '请选择接手的同事或退回站点' }]}
        >
          <Select
            aria-label={`${site.siteName} 的客户交给`}
            placeholder="选择同事或退回站点"
            style={{ width: 320 }}
            options={[
              ...site.colleagues.map((colleague) => ({ value: colleague.id, label: colleague.username })),
              { value: BACK_TO_SITE, label: '退回站点（不指定负责人）' },
            ]}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      ))}
    </fieldset>
  );
}

const handoversOf = (due: AdminHandoverSite[], picks: Picks | undefined): AdminHandover[] =>
  due.map((site) => {
    const pick = picks?.[String(site.siteId)];
    return { siteId: site.siteId, toStaffId: pick === undefined || pick === BACK_TO_SITE ? null : pick };
  });

interface EditFields {
  username: string;
  wecomUserId?: string;
  dingtalkUserId?: string;
  positions: PositionField[];
  reportAllSites: boolean;
  teamReportAuth: boolean;
  isAdmin: boolean;
  handovers?: Picks;
}

const fieldsOf = (person: AdminStaffRow): EditFields => ({
  username: person.username,
  wecomUserId: person.wecomUserId ?? '',
  dingtalkUserId: person.dingtalkUserId ?? '',
  positions: person.positions.map((position) => ({ siteId: position.siteId, role: position.isLeader ? 'leader' : 'salesperson', drawAuth: position.drawAuth })),
  reportAllSites: person.reportAllSites,
  teamReportAuth: person.teamReportAuth,
  isAdmin: person.isAdmin,
});

/** 编辑: name, WeCom id, positions (调岗) and flags; leaving a site where they own customers asks where those go. */
export function StaffEditModal({ person, sites, onClose, onSaved }: { person: AdminStaffRow | null; sites: AdminSite[]; onClose: () => void; onSaved: (row: AdminStaffRow) => void }) {
  const [form] = Form.useForm<EditFields>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handover = useHandoverInfo(person);
  const positions = Form.useWatch('positions', form);

  useEffect(() => {
    if (person) {
      form.resetFields();
      form.setFieldsValue(fieldsOf(person));
      setError(null);
    }
  }, [person, form]);

  const kept = new Set((positions ?? []).map((position) => position?.siteId));
  // The sites the person leaves in this edit where they own customers.
  const due = (handover.sites ?? []).filter((site) => site.customerCount > 0 && person?.positions.some((held) => held.siteId === site.siteId) && !kept.has(site.siteId));

  const submit = async (fields: EditFields) => {
    if (!person) return;
    const body: AdminStaffUpdateBody = {
      staffId: person.id,
      username: fields.username.trim(),
      wecomUserId: fields.wecomUserId?.trim() || null,
      dingtalkUserId: fields.dingtalkUserId?.trim() || null,
      positions: toPositionInputs(fields.positions),
      reportAllSites: fields.reportAllSites,
      teamReportAuth: fields.teamReportAuth,
      isAdmin: fields.isAdmin,
      handovers: handoversOf(due, fields.handovers),
    };
    setSaving(true);
    setError(null);
    try {
      const saved = await post(ROUTES.adminStaffUpdate, body);
      onSaved(saved.staff);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '保存失败');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={person !== null}
      title={person ? `编辑 ${person.username}` : '编辑'}
      width={720}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ disabled: handover.sites === null }}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      {(error ?? handover.error) && <Alert type="error" title={error ?? handover.error} showIcon style={{ marginBottom: 16 }} />}
      <Form<EditFields> form={form} name="staff-edit" layout="vertical" onFinish={(fields) => void submit(fields)} requiredMark>
        <PersonFields />
        <PositionsField sites={sites} kept={person?.positions.map((position) => position.siteId) ?? []} />
        {due.length > 0 && <HandoverPickers due={due} />}
        <FlagFields />
      </Form>
    </Modal>
  );
}

/** 离职: every site where the person owns customers needs a pick; then the account stops at once. */
export function StaffLeaveModal({ person, onClose, onDone }: { person: AdminStaffRow | null; onClose: () => void; onDone: (row: AdminStaffRow) => void }) {
  const [form] = Form.useForm<{ handovers?: Picks }>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handover = useHandoverInfo(person);
  const due = (handover.sites ?? []).filter((site) => site.customerCount > 0);
  const total = due.reduce((sum, site) => sum + site.customerCount, 0);

  useEffect(() => {
    if (person) {
      form.resetFields();
      setError(null);
    }
  }, [person, form]);

  const submit = async (fields: { handovers?: Picks }) => {
    if (!person) return;
    setSaving(true);
    setError(null);
    try {
      const done = await post(ROUTES.adminStaffDeactivate, { staffId: person.id, handovers: handoversOf(due, fields.handovers) });
      onDone(done.staff);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '操作失败');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={person !== null}
      title={person ? `${person.username} 离职` : '离职'}
      width={560}
      okText="确认离职"
      cancelText="取消"
      // antd's danger red (#ff4d4f) is too light behind white text (axe); a darker red of the same palette.
      okButtonProps={{ danger: true, disabled: handover.sites === null, style: handover.sites === null ? undefined : { background: '#cf1322' } }}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      {(error ?? handover.error) && <Alert type="error" title={error ?? handover.error} showIcon style={{ marginBottom: 16 }} />}
      <p>离职后该账号立即退出所有设备、不能再登录；岗位与历史业绩保留，过去的报表不变。可随时“启用”恢复登录（客户不恢复）。</p>
      <Form form={form} name="staff-leave" layout="vertical" onFinish={(fields) => void submit(fields)} requiredMark>
        {handover.sites === null ? (
          !handover.error && <Spin aria-label="加载中" />
        ) : due.length === 0 ? (
          <p>名下没有客户，无需交接。</p>
        ) : (
          <>
            <p>名下共 {total} 位客户将按站点移交：</p>
            <HandoverPickers due={due} />
          </>
        )}
      </Form>
    </Modal>
  );
}
