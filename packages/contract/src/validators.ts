/** The generic validators of SPEC §5. Each returns true when the value is valid. */

export function isEmail(value: string): boolean {
  return /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(value);
}

/** Mainland mobile: 1, then 2 to 9, then nine digits. */
export function isMobile(value: string): boolean {
  return /^1[2-9]\d{9}$/.test(value);
}

export function isUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A calendar date written YYYY-MM-DD or YYYY/MM/DD that really exists. */
export function isDate(value: string): boolean {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A non-negative amount with at most two decimals. */
export function isAmount(value: string): boolean {
  return /^(0|[1-9]\d*)(\.\d{1,2})?$/.test(value);
}

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECKS = '10X98765432';

/** An 18-digit mainland resident ID card with a valid birth date and check digit. */
export function isIdCard(value: string): boolean {
  const id = value.toUpperCase();
  if (!/^[1-9]\d{5}(18|19|20)\d{2}\d{2}\d{2}\d{3}[\dX]$/.test(id)) return false;
  const birth = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  if (!isDate(birth)) return false;
  const sum = ID_CARD_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(id[i]), 0);
  return ID_CARD_CHECKS[sum % 11] === id[17];
}

const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';

/** A mainland car plate: ordinary (7 characters) or new-energy (8 characters). */
export function isCarPlate(value: string): boolean {
  const ordinary = new RegExp(`^[${PLATE_PROVINCES}][A-HJ-NP-Z][A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳]$`);
  const newEnergy = new RegExp(`^[${PLATE_PROVINCES}][A-HJ-NP-Z](([DF][A-HJ-NP-Z0-9]\\d{4})|(\\d{5}[DF]))$`);
  return ordinary.test(value) || newEnergy.test(value);
}

/** A landline: area code of 3–4 digits starting with 0, a dash, then 7–8 digits. */
export function isLandline(value: string): boolean {
  return /^0\d{2,3}-[1-9]\d{6,7}$/.test(value);
}

/** A six-digit verification code. */
export function isCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** Masks a mobile number for display: 138****0002. */
export function maskPhone(phone: string): string {
  return isMobile(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/** Password policy of account changes: shown on the page and enforced by the server. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 32;
export const PASSWORD_POLICY = `${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH}位，须同时包含字母和数字，不能是手机号，不能与当前密码相同`;

/**
 * Checks a new password against the policy and returns the Chinese message of the first rule it
 * breaks, or null when it is acceptable. "Not the current one" needs the old hash, so the server
 * checks that rule itself.
 */
export function passwordProblem(password: string, phone?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return `密码长度须为${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH}位`;
  }
  if (/\s/.test(password) || !/^[\x21-\x7e]+$/.test(password)) return '密码只能包含字母、数字和英文符号，不能有空格';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return '密码须同时包含字母和数字';
  if (phone && password.includes(phone)) return '密码不能包含手机号';
  return null;
}
