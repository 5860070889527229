import ConfigProvider from 'antd-mobile/es/components/config-provider';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { ReactNode } from 'react';

/** antd-mobile's locale for the whole app; the query client's provider wraps each page instead (query-provider.tsx). */
export function AppProvider({ children }: { children: ReactNode }) {
  return <ConfigProvider locale={zhCN}>{children}</ConfigProvider>;
}
