import * as ROUTES from '@sales/contract/routes';
import { formatChinaDateTime } from '@sales/contract';
import { Button, Tag } from 'antd-mobile';
import { useState } from 'react';
import { ApiError, callGet, commonHeaders, RuntimeError } from '../../lib/api-client';

interface Trial {
  at: string;
  headers: Record<string, string>;
  ms: number;
  status: string;
  ok: boolean;
  body: string;
}

const URL_PATH = ROUTES.versionInfo;

/** 请求示例: a live diagnostics page that calls GET /seller/version through the app's request layer. */
export default function AlovaPage() {
  const [trial, setTrial] = useState<Trial | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    const headers = commonHeaders();
    const started = performance.now();
    const at = formatChinaDateTime(new Date());
    try {
      const data = await callGet(URL_PATH, undefined, { hideErrorToast: true });
      setTrial({ at, headers, ms: performance.now() - started, status: 'HTTP 200 · code 200', ok: true, body: JSON.stringify(data, null, 2) });
    } catch (error) {
      const status =
        error instanceof ApiError ? `HTTP ${error.status} · code ${error.code}` : error instanceof RuntimeError ? `${error.errMsg} · code ${error.code}` : '未知错误';
      setTrial({ at, headers, ms: performance.now() - started, status, ok: false, body: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="section" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <dl className="kv">
        <dt>请求</dt>
        <dd>GET {URL_PATH}</dd>
      </dl>
      <Button color="primary" loading={busy} onClick={() => void run()}>
        发送请求
      </Button>
      {trial && (
        <>
          <dl className="kv" data-testid="alova-result">
            <dt>时间</dt>
            <dd>{trial.at}</dd>
            <dt>状态</dt>
            <dd>
              <Tag color={trial.ok ? 'success' : 'danger'}>{trial.status}</Tag>
            </dd>
            <dt>耗时</dt>
            <dd>{trial.ms.toFixed(0)} ms</dd>
          </dl>
          <div className="muted">发送的请求头</div>
          <pre className="code">{JSON.stringify({ ...trial.headers, ...(trial.headers.Authorization ? { Authorization: '（已隐藏）' } : {}) }, null, 2)}</pre>
          <div className="muted">响应</div>
          <pre className="code">{trial.body}</pre>
        </>
      )}
    </div>
  );
}
