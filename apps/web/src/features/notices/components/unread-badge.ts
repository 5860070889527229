/** What a badge shows for an unread count: nothing at 0, 99+ above 99. */
export function unreadBadgeContent(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? '99+' : String(unread);
}
