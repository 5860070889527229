import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Console } from './console';
import './console.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    {/* Colours at 4.5:1 or more on white (axe): links, primary buttons and placeholders. */}
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1f5fbf', colorLink: '#1f5fbf', colorInfo: '#1f5fbf', colorTextPlaceholder: '#707070', borderRadius: 6 } }}>
      <AntApp>
        <Console />
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
