import { APP_VERSION, BUILD_TIME, CONFIG_VERSION, VERSION_CODE } from '@sales/contract';
import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { NavBar } from '../shell/nav-bar';
import { checkForUpdate } from '../../features/account/api/check-update';

/** 关于: tab layout with its own nav bar; the versions of SPEC §9 and the update check. */
export default function AboutPage() {
  const update = useQuery({ queryKey: ['version', 'update'], queryFn: checkForUpdate });
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
        <List.Item extra={update.data ? (update.data.hasUpdate ? `可更新至 ${update.data.latestVersion}` : '已是最新版本') : update.isError ? '检查失败' : '检查中'}>
          检查更新
        </List.Item>
      </List>
    </>
  );
}
