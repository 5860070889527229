import { APP_VERSION, BUILD_TIME, CONFIG_VERSION, VERSION_CODE } from '@sales/contract';
import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useState } from 'react';
import { NavBar } from '../shell/nav-bar';
import { checkForUpdate } from '../../features/account/api/check-update';
import { checkForAppUpdate, useAppUpdate, type UpdateCheck } from '../../features/app-update/app-update-store';

const CHECK_LABELS: Record<UpdateCheck | 'checking' | 'failed', string> = {
  checking: '检查中',
  latest: '已是最新版本',
  waiting: '新版本已就绪',
  unsupported: '当前浏览器不支持离线更新',
  failed: '检查失败',
};

/** 关于: tab layout with its own nav bar; the versions of SPEC §9 and the update check. */
export default function AboutPage() {
  const update = useQuery({ queryKey: ['version', 'update'], queryFn: checkForUpdate });
  const waiting = useAppUpdate((state) => state.waiting);
  const apply = useAppUpdate((state) => state.apply);
  const [check, setCheck] = useState<UpdateCheck | 'checking' | 'failed' | null>(null);
  const serverVersion = update.data ? (update.data.hasUpdate ? `可更新至 ${update.data.latestVersion}` : '已是最新版本') : update.isError ? '检查失败' : '检查中';

  const runCheck = () => {
    setCheck('checking');
    checkForAppUpdate().then(setCheck, () => setCheck('failed'));
  };

  return (
    <>
      <NavBar title="关于" />
      <div className="login__brand" style={{ flexDirection: 'column', padding: '32px 0 16px' }}>
        <img src="./logo.svg" alt="" style={{ width: 72, height: 72, borderRadius: 16 }} />
        <h1 style={{ margin: 0, fontSize: 20 }}>销售助手</h1>
      </div>
      <List>
        <List.Item extra={APP_VERSION}>版本</List.Item>
        <List.Item extra={String(VERSION_CODE)}>版本代码</List.Item>
        <List.Item extra={CONFIG_VERSION}>配置版本</List.Item>
        <List.Item extra={BUILD_TIME}>构建时间</List.Item>
        <List.Item extra={<span data-testid="update-status">{check ? CHECK_LABELS[check] : serverVersion}</span>} onClick={runCheck} arrowIcon>
          检查更新
        </List.Item>
        {waiting && apply && (
          <List.Item extra="立即刷新" onClick={() => void apply()} arrowIcon data-testid="apply-update">
            新版本已就绪，刷新后使用
          </List.Item>
        )}
      </List>
    </>
  );
}
