// 消息通知 settings and Web Push: /seller/notice/settings, /seller/notice/push
export const noticeSettings = '/seller/notice/settings';
export const noticeSettingsUpdate = '/seller/notice/settings/update';
export const noticePushKey = '/seller/notice/push/key';
export const noticePushSubscribe = '/seller/notice/push/subscribe';
export const noticePushUnsubscribe = '/seller/notice/push/unsubscribe';
