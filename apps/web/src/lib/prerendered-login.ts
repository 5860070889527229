/**
 * The prerendered login page of index.html (scripts/prerender-login-plugin.ts): the class its
 * inline script puts on <html> when the page shows, and what a visitor typed into it before the
 * app took over — the app's login form starts from those values, so nothing typed is lost.
 */
export const BOOT_LOGIN_CLASS = 'boot-login';
/** Set on <html> by the inline script: the copy's form was submitted / the id of the mode tab tapped. */
export const BOOT_SUBMIT_ATTRIBUTE = 'data-boot-submit';
export const BOOT_MODE_ATTRIBUTE = 'data-boot-mode';

const typed = new Map<string, string>();
let agreed = false;
let focused: string | null = null;
let modeTab: string | null = null;
let submitted = false;

export const showsPrerenderedLogin = (): boolean => document.documentElement.classList.contains(BOOT_LOGIN_CLASS);

/** Hides the copy when the first page is no longer login: the shell shows until the app renders. */
export function dropPrerenderedLogin(): void {
  document.documentElement.classList.remove(BOOT_LOGIN_CLASS);
  clearBootActions();
}

/** Forgets the copy's tapped mode tab and submit, once the app has taken them (or will not). */
function clearBootActions(): void {
  document.documentElement.removeAttribute(BOOT_MODE_ATTRIBUTE);
  document.documentElement.removeAttribute(BOOT_SUBMIT_ATTRIBUTE);
}

/** Reads the prerendered form before the app replaces it (main.tsx). */
export function keepPrerenderedInput(root: HTMLElement): void {
  const html = document.documentElement;
  modeTab = html.getAttribute(BOOT_MODE_ATTRIBUTE);
  submitted = html.hasAttribute(BOOT_SUBMIT_ATTRIBUTE);
  clearBootActions();
  for (const input of Array.from(root.querySelectorAll('input'))) {
    if (input.type === 'checkbox') agreed ||= input.checked;
    else if (input.value && input.autocomplete) typed.set(input.autocomplete, input.value);
    if (input === document.activeElement && input.autocomplete) focused = input.autocomplete;
  }
}

/** The value typed into the prerendered field of this autocomplete name ('' when none). */
export const prerenderedValue = (autocomplete: string): string => typed.get(autocomplete) ?? '';
export const prerenderedAgreed = (): boolean => agreed;

/** The field the visitor was typing in, once: the login form focuses it again after it mounts. */
export function takePrerenderedFocus(): string | null {
  const field = focused;
  focused = null;
  return field;
}

/** The id of the login mode tab tapped in the copy (null when none). */
export const prerenderedModeTab = (): string | null => modeTab;

/** Whether the copy's form was submitted, once: the login form then submits what was kept. */
export function takePrerenderedSubmit(): boolean {
  const pending = submitted;
  submitted = false;
  return pending;
}
