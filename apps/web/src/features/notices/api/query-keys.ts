/** Query keys of 消息中心: notices are the user's own, whatever the current site. */
export const noticeKeys = {
  all: ['notices'] as const,
  list: () => ['notices', 'list'] as const,
  unread: () => ['notices', 'unread'] as const,
};
