/**
 * 导入 › 客户 (issue 27 §1): customers from an .xlsx or .csv filled in from the template. Choosing
 * a file previews it on the server (nothing is written): each row's problems and duplicates (in the
 * file, or a customer of the same site already there), a page of 50 rows at a time however long
 * the file (up to 50,000 rows), filterable to the rows with problems. The table fits the page at
 * 1024 px without scrolling sideways (联系人 under the name, 来源 beside the level). 导入没有问题的行 writes the
 * good rows in one transaction; the rest come back as an error file (the file's format, with a 错误
 * column) to download, fix and import again.
 */
import {
  CUSTOMER_IMPORT_BYTES_MAX,
  CUSTOMER_IMPORT_ROWS_MAX,
  describeImportDuplicate,
  type AdminCustomerImportBody,
  type AdminCustomerImportPreview,
  type AdminCustomerImportResult,
  type AdminCustomerImportRow,
  type StaffImportFormat,
} from '@sales/contract';
import * as ROUTES from '@sales/contract/routes';
import { Alert, App, Button, Segmented, Table, Typography, Upload, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { download, post } from './api';
import { readBase64 } from './import-file';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const dash = (value: string) => value || '—';

const previewColumns: TableColumnsType<AdminCustomerImportRow> = [
  { title: '行号', dataIndex: 'line', width: 56 },
  {
    title: '客户名称 / 联系人',
    key: 'name',
    width: 150,
    render: (_: unknown, row) => (
      <>
        <div>{dash(row.name)}</div>
        {row.contactName && <div className="import-secondary">{row.contactName}</div>}
      </>
    ),
  },
  { title: '电话', dataIndex: 'phone', width: 120, render: dash },
  { title: '等级 / 来源', key: 'level', width: 96, render: (_: unknown, row) => [row.level || 'C', row.source].filter(Boolean).join(' · ') },
  { title: '站点', dataIndex: 'site', width: 100, render: dash },
  { title: '负责人手机号', dataIndex: 'ownerPhone', width: 124, render: (value: string) => value || '公海' },
  {
    title: '问题与重复',
    key: 'problems',
    render: (_: unknown, row) => {
      const lines = [...row.problems, ...row.duplicates.map(describeImportDuplicate)];
      return lines.length === 0 ? (
        <span className="import-ok">可导入</span>
      ) : (
        <ul className="import-problems">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      );
    },
  },
];

type Shown = 'all' | 'problems' | 'good';
const hasProblem = (row: AdminCustomerImportRow) => row.problems.length > 0 || row.duplicates.length > 0;

/** Saves the error file the apply returned, as the browser saves any download. */
function saveErrorFile(file: NonNullable<AdminCustomerImportResult['errorFile']>) {
  const bytes = Uint8Array.from(atob(file.fileBase64), (char) => char.charCodeAt(0));
  const type = file.fileName.endsWith('.xlsx') ? XLSX_TYPE : 'text/csv;charset=utf-8';
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function CustomerImport() {
  const { message } = App.useApp();
  const [file, setFile] = useState<AdminCustomerImportBody | null>(null);
  const [preview, setPreview] = useState<AdminCustomerImportPreview | null>(null);
  const [result, setResult] = useState<AdminCustomerImportResult | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown>('all');

  const rows = useMemo(() => {
    if (!preview || shown === 'all') return preview?.rows ?? [];
    return preview.rows.filter((row) => hasProblem(row) === (shown === 'problems'));
  }, [preview, shown]);

  const template = async (format: StaffImportFormat) => {
    try {
      await download(ROUTES.adminCustomerImportTemplate, { format }, `客户导入模板.${format}`);
    } catch (failure) {
      void message.error(failure instanceof Error ? failure.message : '下载失败');
    }
  };

  const choose = async (chosen: File) => {
    setResult(null);
    setPreview(null);
    setFile(null);
    setError(null);
    setShown('all');
    if (!/\.(xlsx|csv)$/i.test(chosen.name)) return setError('只能导入 .xlsx 或 .csv 文件（.xls 请先另存为 .xlsx）');
    if (chosen.size > CUSTOMER_IMPORT_BYTES_MAX) return setError(`文件不能超过 ${CUSTOMER_IMPORT_BYTES_MAX / 1024 / 1024} MB，更大的文件请用命令 npm run import:customers 导入`);
    setBusy('preview');
    try {
      const body = { fileName: chosen.name, fileBase64: await readBase64(chosen) };
      const found = await post(ROUTES.adminCustomerImportPreview, body);
      setPreview(found);
      setFile(body);
      if (found.problemRows > 0) setShown('problems');
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
      setResult(await post(ROUTES.adminCustomerImportApply, file));
      setPreview(null);
      setFile(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : '导入失败');
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Typography.Paragraph className="console-hint">
        下载模板，按模板填写后选择文件：先预览，逐行列出问题和重复（同一站点内电话相同，或名称忽略空格、全角半角后相同）；导入时只写入没有问题的行，负责人手机号为空的客户进入该站点的公海，其余行可下载为错误文件，修正后再次导入。每个文件最多{' '}
        {CUSTOMER_IMPORT_ROWS_MAX.toLocaleString('zh-CN')} 行、{CUSTOMER_IMPORT_BYTES_MAX / 1024 / 1024} MB。
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
        <Button type="primary" disabled={!preview || preview.goodRows === 0} loading={busy === 'apply'} onClick={() => void apply()} style={{ marginLeft: 'auto' }}>
          导入没有问题的行
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
                ? `${file?.fileName ?? ''}：共 ${preview.rows.length} 行，可导入 ${preview.goodRows} 行，${preview.problemRows} 行有问题或重复，不会导入`
                : `${file?.fileName ?? ''}：共 ${preview.rows.length} 行，没有问题，可以全部导入`
            }
          />
          <Segmented<Shown>
            aria-label="显示的行"
            value={shown}
            onChange={setShown}
            style={{ marginBottom: 12 }}
            options={[
              { value: 'all', label: `全部 ${preview.rows.length}` },
              { value: 'problems', label: `有问题 ${preview.problemRows}` },
              { value: 'good', label: `可导入 ${preview.goodRows}` },
            ]}
          />
          <Table<AdminCustomerImportRow>
            rowKey="line"
            size="small"
            columns={previewColumns}
            dataSource={rows}
            rowClassName={(row) => (hasProblem(row) ? 'import-row-problem' : '')}
            pagination={{ pageSize: 50, showSizeChanger: false, showTotal: (total) => `共 ${total} 行` }}
          />
        </>
      )}
      {result && (
        <div className="import-result">
          <Alert
            type={result.failed > 0 ? 'warning' : 'success'}
            showIcon
            title={`已导入 ${result.created} 个客户（有负责人 ${result.bound}，进入公海 ${result.pooled}）${result.failed > 0 ? `，${result.failed} 行未导入` : ''}`}
          />
          {result.errorFile && (
            <div>
              <Button onClick={() => result.errorFile && saveErrorFile(result.errorFile)}>下载未导入的行（{result.errorFile.fileName}）</Button>
            </div>
          )}
        </div>
      )}
    </>
  );
}
