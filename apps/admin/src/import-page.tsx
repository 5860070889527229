/**
 * 导入: two kinds, 员工 and 客户 (customer-import.tsx), one tab each.
 *
 * 员工: staff from an .xlsx or .csv filled in from the template. Choosing a file previews it on the
 * server (nothing is written) with each row's problems highlighted; 导入 is offered only when no
 * row has one, and writes every row or none. The result says how many were created and, with the
 * console SMS provider, shows their one-time passwords this once.
 */
import {
  STAFF_IMPORT_BYTES_MAX,
  STAFF_IMPORT_ROWS_MAX,
  type AdminStaffImportBody,
  type AdminStaffImportPreview,
  type AdminStaffImportResult,
  type AdminStaffImportRow,
  type StaffImportFormat,
} from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { Alert, App, Button, Table, Tabs, Typography, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { download, post } from './api';
import { CustomerImport } from './customer-import';
import { readBase64 } from './import-file';
import { tableWidth } from './table-width';

// 960 px in all: the preview fits the console at 1280 wide without a scrolling region.
const previewColumns: TableColumnsType<AdminStaffImportRow> = [
  { title: '行号', dataIndex: 'line', width: 60 },
  { title: '姓名', dataIndex: 'username', width: 90 },
  { title: '手机号', dataIndex: 'phone', width: 120 },
  { title: '站点', dataIndex: 'site', width: 140 },
  { title: '角色', dataIndex: 'role', width: 70 },
  { title: '抽单权限', dataIndex: 'drawAuth', width: 80, render: (value: boolean) => (value ? '是' : '否') },
  { title: '企业微信账号', dataIndex: 'wecomUserId', width: 110, render: (value: string) => value || '—' },
  { title: '钉钉账号', dataIndex: 'dingtalkUserId', width: 110, render: (value: string) => value || '—' },
  {
    title: '问题',
    dataIndex: 'problems',
    width: 180,
    render: (problems: string[]) =>
      problems.length === 0 ? (
        <span className="import-ok">可导入</span>
      ) : (
        <ul className="import-problems">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ),
  },
];

type Person = AdminStaffImportResult['people'][number];
const resultColumns: TableColumnsType<Person> = [
  { title: '姓名', dataIndex: 'username' },
  { title: '手机号', dataIndex: 'phone' },
  {
    title: '一次性密码（仅显示这一次）',
    dataIndex: 'oneTimePassword',
    render: (value: string | undefined) => (value ? <Typography.Text copyable code>{value}</Typography.Text> : '已短信发送'),
  },
];

function StaffImport() {
  const { message } = App.useApp();
  const [file, setFile] = useState<AdminStaffImportBody | null>(null);
  const [preview, setPreview] = useState<AdminStaffImportPreview | null>(null);
  const [result, setResult] = useState<AdminStaffImportResult | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const template = async (format: StaffImportFormat) => {
    try {
      await download(ROUTES.adminStaffImportTemplate, { format }, `员工导入模板.${format}`);
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : '下载失败');
    }
  };

  const choose = async (chosen: File) => {
    setResult(null);
    setPreview(null);
    setFile(null);
    setError(null);
    if (!/\.(xlsx|csv)$/i.test(chosen.name)) return setError('只能导入 .xlsx 或 .csv 文件（.xls 请先另存为 .xlsx）');
    if (chosen.size > STAFF_IMPORT_BYTES_MAX) return setError(`文件不能超过 ${STAFF_IMPORT_BYTES_MAX / 1024 / 1024} MB`);
    setBusy('preview');
    try {
      const body = { fileName: chosen.name, fileBase64: await readBase64(chosen) };
      setPreview(await post(ROUTES.adminStaffImportPreview, body));
      setFile(body);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '预览失败');
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    if (!file) return;
    setBusy('apply');
    setError(null);
    try {
      setResult(await post(ROUTES.adminStaffImportApply, file));
      setPreview(null);
      setFile(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '导入失败');
    } finally {
      setBusy(null);
    }
  };

  const blocked = !preview || preview.problemRows > 0;
  return (
    <>
      <Typography.Paragraph className="console-hint">
        下载模板，按模板填写后选择文件：先预览逐行检查，没有问题才可导入；导入时全部成功或全部不导入。每人的一次性密码以短信发送，首次登录须修改。每个文件最多 {STAFF_IMPORT_ROWS_MAX} 行、
        {STAFF_IMPORT_BYTES_MAX / 1024 / 1024} MB。
      </Typography.Paragraph>
      <div className="console-toolbar">
        <Button onClick={() => void template('xlsx')}>下载模板（.xlsx）</Button>
        <Button onClick={() => void template('csv')}>下载模板（.csv）</Button>
        <Upload
          accept=".xlsx,.csv"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(chosen) => {
            void choose(chosen);
            return false;
          }}
        >
          {/* Not primary: a primary button fading out of its loading state is under 4.5:1 for a moment (axe). */}
          <Button loading={busy === 'preview'}>选择文件并预览</Button>
        </Upload>
        <Button type="primary" disabled={blocked} loading={busy === 'apply'} onClick={() => void apply()} style={{ marginLeft: 'auto' }}>
          导入
        </Button>
      </div>
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
      {preview && (
        <>
          <Alert
            type={preview.problemRows > 0 ? 'warning' : 'success'}
            showIcon
            style={{ marginBottom: 16 }}
            title={
              preview.problemRows > 0
                ? `${file?.fileName ?? ''}：共 ${preview.rows.length} 行，其中 ${preview.problemRows} 行有问题，请修正后重新选择文件`
                : `${file?.fileName ?? ''}：共 ${preview.rows.length} 行，没有问题，可以导入`
            }
          />
          <Table<AdminStaffImportRow>
            rowKey="line"
            size="small"
            columns={previewColumns}
            dataSource={preview.rows}
            rowClassName={(row) => (row.problems.length > 0 ? 'import-row-problem' : '')}
            scroll={{ x: tableWidth(previewColumns) }}
            pagination={{ pageSize: 50, showTotal: (total) => `共 ${total} 行` }}
          />
        </>
      )}
      {result && (
        <div className="import-result">
          <Alert type="success" showIcon title={`已导入 ${result.created} 人`} />
          {result.people.some((person) => person.oneTimePassword) && (
            <Alert type="info" showIcon title="当前短信为控制台模式，短信并未真正发出，请把一次性密码当面或另行转告本人。" />
          )}
          <Table<Person> rowKey="id" size="small" columns={resultColumns} dataSource={result.people} pagination={false} />
        </div>
      )}
    </>
  );
}

export function ImportPage() {
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'staff', label: '员工', children: <StaffImport /> },
        { key: 'customers', label: '客户', children: <CustomerImport /> },
      ]}
    />
  );
}
