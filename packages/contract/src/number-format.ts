/**
 * Numbers grouped the zh-CN way without ICU (issue 29). The first Intl object a page creates pays
 * for ICU's start-up, whatever the locale: 130–170 ms at Lighthouse's 4× CPU on this machine,
 * 35–40 ms unthrottled, in the task that paints the first figure. Every amount and count of the
 * first screens goes through here, so a page reaches its figures without starting ICU; the rare
 * number that JavaScript writes with an exponent still goes to Intl.
 *
 * The output is Intl.NumberFormat('zh-CN', { maximumFractionDigits })'s, character for character
 * (test/number-format.test.ts compares the two on random numbers): groups of three digits joined by
 * ',', the fraction rounded half away from zero on the number's shortest decimal form (1.005 → 1.01,
 * as Intl, where toFixed gives 1.00), no trailing zeros, and a '-' on every negative number, -0 and
 * what rounds to 0 included.
 */

const intlFormats = new Map<number, Intl.NumberFormat>();

function intlFormat(value: number, maximumFractionDigits: number): string {
  let format = intlFormats.get(maximumFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('zh-CN', { maximumFractionDigits });
    intlFormats.set(maximumFractionDigits, format);
  }
  return format.format(value);
}

/** Adds one to a string of decimal digits: '0999' → '1000', '99' → '100'. */
function addOne(digits: string): string {
  let index = digits.length - 1;
  while (index >= 0 && digits[index] === '9') index -= 1;
  if (index < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, index)}${String(Number(digits[index]) + 1)}${'0'.repeat(digits.length - index - 1)}`;
}

/**
 * A finite number with at most `maximumFractionDigits` decimals, grouped by thousands: 1234567.891
 * → '1,234,567.89' (2 decimals). Non-finite numbers are the caller's to handle; they go to Intl.
 */
export function groupNumber(value: number, maximumFractionDigits: number): string {
  const shortest = String(Math.abs(value));
  // Exponent form (≥ 1e21, < 1e-6), NaN and Infinity: Intl's own text.
  if (!/^\d+(\.\d+)?$/.test(shortest)) return intlFormat(value, maximumFractionDigits);
  const [whole = '0', fraction = ''] = shortest.split('.');
  const kept = `${whole}${fraction.slice(0, maximumFractionDigits).padEnd(maximumFractionDigits, '0')}`;
  const digits = (fraction[maximumFractionDigits] ?? '0') >= '5' ? addOne(kept) : kept;
  const integer = digits.slice(0, digits.length - maximumFractionDigits) || '0';
  const decimals = digits.slice(digits.length - maximumFractionDigits).replace(/0+$/, '');
  const grouped = integer.replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped}${decimals ? `.${decimals}` : ''}`;
}
