import { NoticeSettingsPage } from '../../features/notice-settings/components/notice-settings-page';

/** 设置 → 消息通知. */
export default function NoticeSettingsRoute() {
  return <NoticeSettingsPage />;
}
