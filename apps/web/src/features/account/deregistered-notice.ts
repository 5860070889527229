/**
 * The one-shot mark that this tab has just deleted its account: 注销账号 sets it on success, and
 * the 账号已注销 page shows only with it (anyone else opening that URL goes to login). Session
 * storage keeps it to this tab; memory stands in where session storage is unavailable.
 */
const KEY = 'account-deregistered';
let inMemory = false;

export function markDeregistered(): void {
  inMemory = true;
  try {
    window.sessionStorage.setItem(KEY, '1');
  } catch {
    // Private mode or storage off: the mark in memory is enough for the page that follows.
  }
}

/** Whether this tab has just deleted its account (the page reads it, then forgets it). */
export function justDeregistered(): boolean {
  if (inMemory) return true;
  try {
    return window.sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function forgetDeregistered(): void {
  inMemory = false;
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
