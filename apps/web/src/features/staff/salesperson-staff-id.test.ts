// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { salespersonId } from './salesperson-staff-id';

describe('salespersonId', () => {
  it('reads ?staffId=', () => {
    expect(salespersonId('12', 3)).toBe(12);
  });

  it('means the user themself when the link names nobody', () => {
    expect(salespersonId(null, 3)).toBe(3);
    expect(salespersonId('', 3)).toBe(3);
  });

  it('refuses a malformed id rather than showing someone else', () => {
    expect(salespersonId('abc', 3)).toBeNull();
    expect(salespersonId('0', 3)).toBeNull();
  });
});
