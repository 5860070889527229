import {
  CUSTOMER_ADDRESS_MAX,
  CUSTOMER_CONTACT_MAX,
  CUSTOMER_LEVELS,
  CUSTOMER_NAME_MAX,
  CUSTOMER_PHONE_INVALID,
  CUSTOMER_SOURCES,
  isLandline,
  isMobile,
  type CustomerDuplicate,
  type CustomerLevel,
  type GeoFix,
} from '@sales/contract';
import { Button, Form, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { FilterSelect } from '../../../components/filter-select';
import { routeUrl } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { geoMessageOf, locate } from '../../../lib/geolocation';
import { nav } from '../../../lib/navigation';
import { showToast } from '../../../lib/toast';
import { duplicatesOf, useCreateCustomer } from '../api/create-customer';

interface Values {
  name: string;
  contactName: string;
  phone: string;
  address: string;
  level: CustomerLevel[];
  source: string[];
  /** Leaders: 'pool' or a member's id. */
  owner: string;
}

const LEVEL_OPTIONS = CUSTOMER_LEVELS.map((level) => ({ label: `${level}类`, value: level }));
const SOURCE_OPTIONS = CUSTOMER_SOURCES.map((source) => ({ label: source, value: source }));
const POOL = 'pool';
const INITIAL: Values = { name: '', contactName: '', phone: '', address: '', level: ['C'], source: [], owner: POOL };

/** The 公海 page, filtered to the customer's name, where 领取 is. */
export const poolUrl = (name: string) => `/pages/details/customerPool?keyword=${encodeURIComponent(name)}`;

/** What the server found instead of creating: each existing customer and what the caller may do with it. */
function Duplicates({ list }: { list: readonly CustomerDuplicate[] }) {
  return (
    <div className="duplicate-box" role="alert" data-testid="customer-duplicates">
      <div className="duplicate-box__title">该客户已存在，未重复新建</div>
      <ul className="duplicate-box__list">
        {list.map((customer, index) => (
          <li key={customer.id ?? `colleague-${index}`} className="duplicate-box__item" data-testid="customer-duplicate">
            <span className="duplicate-box__name">{customer.name}</span>
            {customer.relation === 'mine' && customer.id !== null && (
              <>
                <span className="duplicate-box__note">是你的客户</span>
                <Button size="mini" color="primary" fill="outline" onClick={() => void nav.navigateTo(routeUrl('customerDetails', { id: customer.id ?? undefined }))} data-testid="duplicate-open">
                  查看
                </Button>
              </>
            )}
            {customer.relation === 'colleague' && <span className="duplicate-box__note">已由 {customer.ownerName ?? '同事'} 负责</span>}
            {customer.relation === 'pool' && (
              <>
                <span className="duplicate-box__note">在公海中</span>
                <Button size="mini" color="primary" fill="outline" onClick={() => void nav.navigateTo(poolUrl(customer.name))} data-testid="duplicate-claim">
                  去领取
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * 新建客户: name, contact, phone, address, level, source, an optional 定位, and for leaders the owner
 * (a member, or 公海). 查重 is the server's: a duplicate shows the existing customer instead.
 */
export function NewCustomerForm({ ownerOptions }: { ownerOptions?: readonly { value: string; label: string }[] }) {
  const [form] = Form.useForm<Values>();
  const create = useCreateCustomer();
  const [duplicates, setDuplicates] = useState<CustomerDuplicate[] | null>(null);
  const [position, setPosition] = useState<GeoFix | null>(null);
  const [locating, setLocating] = useState(false);

  const pickPosition = async () => {
    setLocating(true);
    try {
      setPosition(await locate({ highAccuracy: true, timeoutMs: 15_000 }));
    } catch (error) {
      showToast(geoMessageOf(error));
    } finally {
      setLocating(false);
    }
  };

  const submit = async (values: Values) => {
    setDuplicates(null);
    const owner = ownerOptions ? { ownerId: values.owner === POOL ? null : Number(values.owner) } : {};
    const source = values.source[0];
    try {
      const created = await create.mutateAsync({
        name: values.name.trim(),
        contactName: values.contactName.trim(),
        phone: values.phone.replace(/\s+/g, ''),
        address: values.address.trim(),
        level: values.level[0] ?? 'C',
        ...(source ? { source } : {}),
        ...(position ? { latitude: position.latitude, longitude: position.longitude } : {}),
        ...owner,
      });
      showToast('客户已新建', 'success');
      nav.redirectTo(routeUrl('customerDetails', { id: created.id }));
    } catch (error) {
      const found = duplicatesOf(error);
      if (found) setDuplicates(found);
      else if (error instanceof ApiError && error.code !== 401) showToast(error.message || '新建失败，请重试');
    }
  };

  return (
    <div className="new-customer" data-testid="new-customer">
      {duplicates && <Duplicates list={duplicates} />}
      <Form
        form={form}
        layout="horizontal"
        initialValues={INITIAL}
        onFinish={(values: Values) => void submit(values)}
        onValuesChange={() => setDuplicates(null)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={create.isPending} disabled={create.isPending} data-testid="new-customer-submit">
            保存
          </Button>
        }
      >
        <Form.Item name="name" label="客户名称" rules={[{ required: true, whitespace: true, message: '请填写客户名称' }]}>
          <Input placeholder="门店或公司名称" maxLength={CUSTOMER_NAME_MAX} clearable aria-label="客户名称" data-testid="new-customer-name" />
        </Form.Item>
        <Form.Item name="contactName" label="联系人" rules={[{ required: true, whitespace: true, message: '请填写联系人' }]}>
          <Input placeholder="联系人姓名" maxLength={CUSTOMER_CONTACT_MAX} clearable aria-label="联系人" data-testid="new-customer-contact" />
        </Form.Item>
        <Form.Item
          name="phone"
          label="电话"
          rules={[
            { required: true, message: '请填写电话' },
            {
              validator: async (_rule, value: string | undefined) => {
                const phone = (value ?? '').replace(/\s+/g, '');
                if (phone && !isMobile(phone) && !isLandline(phone)) throw new Error(CUSTOMER_PHONE_INVALID);
              },
            },
          ]}
        >
          <Input type="tel" placeholder="手机号或座机号" maxLength={20} clearable aria-label="电话" data-testid="new-customer-phone" />
        </Form.Item>
        <Form.Item name="address" label="地址">
          <Input placeholder="可选" maxLength={CUSTOMER_ADDRESS_MAX} clearable aria-label="地址" data-testid="new-customer-address" />
        </Form.Item>
        <Form.Item name="level" label="客户等级" rules={[{ required: true, message: '请选择客户等级' }]}>
          <Selector options={LEVEL_OPTIONS} columns={3} data-testid="new-customer-level" />
        </Form.Item>
        <Form.Item name="source" label="客户来源" layout="vertical">
          <Selector options={SOURCE_OPTIONS} columns={3} data-testid="new-customer-source" />
        </Form.Item>
        <Form.Item label="定位">
          <div className="new-customer__position">
            <span data-testid="new-customer-position">{position ? `${position.latitude.toFixed(6)}, ${position.longitude.toFixed(6)}（±${position.accuracy} 米）` : '可选'}</span>
            <Button size="mini" fill="outline" loading={locating} disabled={locating} onClick={() => void pickPosition()} data-testid="new-customer-locate">
              {position ? '重新定位' : '获取当前位置'}
            </Button>
          </div>
        </Form.Item>
        {ownerOptions && (
          <Form.Item name="owner" label="负责人">
            <OwnerSelect options={ownerOptions} />
          </Form.Item>
        )}
      </Form>
    </div>
  );
}

/** The owner picker of a leader: 公海 or a member of the site (Form.Item passes value and onChange). */
function OwnerSelect({ options, value = POOL, onChange }: { options: readonly { value: string; label: string }[]; value?: string; onChange?: (value: string) => void }) {
  return (
    <FilterSelect
      label="负责人"
      value={value}
      defaultValue={POOL}
      options={[{ value: POOL, label: '不指定（放入公海）' }, ...options]}
      onChange={(next) => onChange?.(next)}
      searchable
      showChosen
      testId="new-customer-owner"
    />
  );
}
