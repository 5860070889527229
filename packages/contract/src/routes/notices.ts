// 消息中心: /seller/notice/
export const noticeList = '/seller/notice/list';
export const noticeRead = '/seller/notice/read';
export const noticeUnread = '/seller/notice/unread';
