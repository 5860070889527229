/** 新员工: the form of a hire — who, where, what they may do; the one-time password is shown once only with the console SMS provider. */
import { isMobile, POSITIONS_MAX, type AdminSite, type AdminStaffCreateBody } from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { Alert, Button, Checkbox, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { post } from './api';

export interface PositionField {
  siteId?: number;
  role: 'leader' | 'salesperson';
  drawAuth: boolean;
}

/**
 * The positions of a person as a form list (`positions`): site, 主管 or 业务员, 抽单权限; one per
 * site. Shared by 新员工 and 编辑. Only sites not archived are offered (plus `kept`, those the person
 * already holds).
 */
export function PositionsField({ sites, kept = [] }: { sites: AdminSite[]; kept?: number[] }) {
  const offered = sites.filter((site) => !site.archived || kept.includes(site.id));
  return (
    <Form.List
      name="positions"
      rules={[
        {
          validator: async (_rule, value: PositionField[]) => {
            const ids = value.map((position) => position.siteId).filter((id) => id !== undefined);
            if (new Set(ids).size !== ids.length) throw new Error('同一站点只能设一个岗位');
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <fieldset className="console-fieldset">
          <legend>岗位</legend>
          {fields.map((field, index) => (
            <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
              <Form.Item name={[field.name, 'siteId']} rules={[{ required: true, message: '请选择站点' }]} style={{ width: 200 }}>
                <Select aria-label={`岗位 ${index + 1} 的站点`} placeholder="站点" options={offered.map((site) => ({ value: site.id, label: site.name }))} showSearch={{ optionFilterProp: 'label' }} />
              </Form.Item>
              <Form.Item name={[field.name, 'role']} style={{ width: 120 }}>
                <Select
                  aria-label={`岗位 ${index + 1} 的角色`}
                  options={[
                    { value: 'salesperson', label: '业务员' },
                    { value: 'leader', label: '主管' },
                  ]}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'drawAuth']} valuePropName="checked">
                <Checkbox>抽单权限</Checkbox>
              </Form.Item>
              <Button type="text" onClick={() => remove(field.name)} aria-label={`删除岗位 ${index + 1}`}>
                删除
              </Button>
            </Space>
          ))}
          <Button onClick={() => add({ role: 'salesperson', drawAuth: false })} disabled={fields.length >= POSITIONS_MAX}>
            添加岗位
          </Button>
          <Form.ErrorList errors={errors} />
          {fields.length === 0 && <p className="console-hint">没有岗位的人只能使用管理后台（若为系统管理员）。</p>}
        </fieldset>
      )}
    </Form.List>
  );
}

/** The rule of the two directory accounts: what 企业微信 and 钉钉 user ids may hold. */
const ACCOUNT_RULES = [{ pattern: /^[\w.@-]{0,64}$/, message: '只能包含字母、数字和 _ . @ -' }];

/**
 * 姓名, 手机号 (a hire only: an existing person's number changes on the phone), 企业微信账号 and
 * 钉钉账号, in columns that wrap inside the dialog. Shared by 新员工 and 编辑.
 */
export function PersonFields({ withPhone = false }: { withPhone?: boolean }) {
  return (
    <div className="person-fields">
      <Form.Item name="username" label="姓名" rules={[{ required: true, whitespace: true, message: '请输入姓名' }, { max: 32, message: '姓名最多 32 个字' }]}>
        <Input autoComplete="off" />
      </Form.Item>
      {withPhone && (
        <Form.Item
          name="phone"
          label="手机号"
          rules={[{ required: true, message: '请输入手机号' }, { validator: async (_rule, value: string) => (!value || isMobile(value.trim()) ? undefined : Promise.reject(new Error('请输入正确的手机号'))) }]}
        >
          <Input inputMode="numeric" maxLength={11} autoComplete="off" />
        </Form.Item>
      )}
      <Form.Item name="wecomUserId" label="企业微信账号" rules={ACCOUNT_RULES}>
        <Input autoComplete="off" placeholder="可不填" />
      </Form.Item>
      <Form.Item name="dingtalkUserId" label="钉钉账号" rules={ACCOUNT_RULES}>
        <Input autoComplete="off" placeholder="可不填" />
      </Form.Item>
    </div>
  );
}

/** 全部站点报告, 团队报告, 系统管理员: the flags of a person. */
export function FlagFields() {
  return (
    <Space size={24} style={{ marginTop: 16 }}>
      <Form.Item name="reportAllSites" valuePropName="checked" noStyle>
        <Checkbox>全部站点报告</Checkbox>
      </Form.Item>
      <Form.Item name="teamReportAuth" valuePropName="checked" noStyle>
        <Checkbox>团队报告</Checkbox>
      </Form.Item>
      <Form.Item name="isAdmin" valuePropName="checked" noStyle>
        <Checkbox>系统管理员</Checkbox>
      </Form.Item>
    </Space>
  );
}

/** The form's positions as the contract takes them. */
export const toPositionInputs = (positions: PositionField[]) =>
  positions.map((position) => ({ siteId: position.siteId ?? 0, isLeader: position.role === 'leader', drawAuth: position.drawAuth }));

interface CreateFields {
  username: string;
  phone: string;
  positions: PositionField[];
  reportAllSites: boolean;
  teamReportAuth: boolean;
  isAdmin: boolean;
  wecomUserId?: string;
  dingtalkUserId?: string;
}

const INITIAL: CreateFields = { username: '', phone: '', positions: [{ role: 'salesperson', drawAuth: false }], reportAllSites: false, teamReportAuth: false, isAdmin: false };

/** What the administrator is told once the person exists. */
export interface Hired {
  /** What was done: 员工已创建 or 密码已重置. */
  title: string;
  username: string;
  /** The masked phone the one-time password went to. */
  phone: string;
  oneTimePassword?: string;
}

export function HiredNotice({ hired, onClose }: { hired: Hired | null; onClose: () => void }) {
  return (
    <Modal open={hired !== null} title={hired?.title} onOk={onClose} onCancel={onClose} cancelButtonProps={{ style: { display: 'none' } }} okText="我已记下">
      {hired?.oneTimePassword ? (
        <>
          <p>
            {hired.username} 的一次性密码（仅显示这一次，首次登录须修改）：
          </p>
          <Typography.Paragraph copyable={{ text: hired.oneTimePassword }}>
            <code aria-label="一次性密码" className="one-time-password">
              {hired.oneTimePassword}
            </code>
          </Typography.Paragraph>
          <Alert type="info" showIcon title="当前短信为控制台模式，短信并未真正发出，请把密码当面或另行转告本人。" />
        </>
      ) : (
        <p>一次性密码已通过短信发送至 {hired?.phone}，本人首次登录须修改密码。</p>
      )}
    </Modal>
  );
}

export function StaffCreateModal({ open, sites, onClose, onCreated }: { open: boolean; sites: AdminSite[]; onClose: () => void; onCreated: (hired: Hired) => void }) {
  const [form] = Form.useForm<CreateFields>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (fields: CreateFields) => {
    const body: AdminStaffCreateBody = {
      username: fields.username.trim(),
      phone: fields.phone.trim(),
      positions: toPositionInputs(fields.positions),
      reportAllSites: fields.reportAllSites,
      teamReportAuth: fields.teamReportAuth,
      isAdmin: fields.isAdmin,
      wecomUserId: fields.wecomUserId?.trim() || null,
      dingtalkUserId: fields.dingtalkUserId?.trim() || null,
    };
    setSaving(true);
    setError(null);
    try {
      const created = await post(ROUTES.adminStaffCreate, body);
      form.resetFields();
      onCreated({ title: '员工已创建', username: body.username, phone: created.phone, oneTimePassword: created.oneTimePassword });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '保存失败');
    } finally {
      setSaving(false);
    }
  };

  const close = () => {
    setError(null);
    onClose();
  };

  return (
    <Modal open={open} title="新员工" width={720} okText="创建并发送一次性密码" cancelText="取消" confirmLoading={saving} onOk={() => form.submit()} onCancel={close} forceRender>
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
      <Form<CreateFields> form={form} name="staff-create" layout="vertical" initialValues={INITIAL} onFinish={(fields) => void submit(fields)} requiredMark>
        <PersonFields withPhone />
        <PositionsField sites={sites} />
        <FlagFields />
      </Form>
    </Modal>
  );
}
