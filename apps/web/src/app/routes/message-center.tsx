import { NoticeCenter } from '../../features/notices/components/notice-center';

/** 消息中心: my notices, newest first. */
export default function MessageCenterPage() {
  return <NoticeCenter />;
}
