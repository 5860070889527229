import { describe, expect, it } from 'vitest';
import { isAmount, isCarPlate, isCode, isDate, isEmail, isIdCard, isLandline, isMobile, isUrl, maskPhone, PASSWORD_POLICY, passwordProblem } from '../src/validators.js';

/** Runs one validator over values it must accept and values it must reject. */
function expectValidator(validator: (value: string) => boolean, valid: string[], invalid: string[]) {
  for (const value of valid) expect(validator(value), `${JSON.stringify(value)} should be valid`).toBe(true);
  for (const value of invalid) expect(validator(value), `${JSON.stringify(value)} should be invalid`).toBe(false);
}

describe('isMobile (1, then 2–9, then nine digits)', () => {
  it('accepts mainland mobile numbers, including a second digit of 2', () => {
    expectValidator(isMobile, ['13800000001', '12000000000', '19912345678', '15012345678', '17700000000'], []);
  });

  it('rejects a second digit of 0 or 1, wrong lengths, other first digits and any extra character', () => {
    expectValidator(
      isMobile,
      [],
      ['11234567890', '10000000000', '23800000000', '1380000000', '138000000012', '1380000000a', ' 13800000001', '13800000001 ', '+8613800000001', '138-0000-0001', ''],
    );
  });
});

describe('isEmail', () => {
  it('accepts ordinary addresses', () => {
    expectValidator(isEmail, ['a@b.co', 'first.last+tag@sub.example.com', 'sales_01@example.cn'], []);
  });

  it('rejects addresses without a user, a domain or a top-level domain of two letters', () => {
    expectValidator(isEmail, [], ['a@b', '@b.com', 'a b@c.com', 'a@b.c', 'a@@b.com', 'a@b..com', 'plainaddress', '']);
  });
});

describe('isUrl', () => {
  it('accepts http and https addresses', () => {
    expectValidator(isUrl, ['https://example.com', 'http://localhost:3000/x?y=1', 'HTTPS://EXAMPLE.COM/path#top'], []);
  });

  it('rejects other schemes, missing schemes and missing hosts', () => {
    expectValidator(isUrl, [], ['ftp://example.com', 'example.com', 'https://', 'javascript:alert(1)', '//example.com', '']);
  });
});

describe('isDate', () => {
  it('accepts real calendar dates written with - or /', () => {
    expectValidator(isDate, ['2025-10-31', '2024-02-29', '2000-02-29', '2025/1/5', '2025/01/05'], []);
  });

  it('rejects dates that do not exist and other shapes', () => {
    expectValidator(isDate, [], ['2023-02-29', '1900-02-29', '2025-13-01', '2025-00-10', '2025-04-31', '2025-10-00', '25-10-31', '2025-10-31T00:00', '2025.10.31', '']);
  });
});

describe('isAmount (up to two decimals)', () => {
  it('accepts non-negative amounts with at most two decimals', () => {
    expectValidator(isAmount, ['0', '12', '12.3', '12.34', '0.5', '0.05', '1000000'], []);
  });

  it('rejects three decimals, negatives, leading zeros and malformed numbers', () => {
    expectValidator(isAmount, [], ['12.345', '-1', '01', '1.', '.5', 'abc', '1,000', '1e3', ' 1', '']);
  });
});

describe('isIdCard', () => {
  it('accepts 18-character ID numbers with a real birth date and the right check character', () => {
    expectValidator(isIdCard, ['11010519491231002X', '11010519491231002x', '440300199003071234', '11010120000229123X'], []);
  });

  it('rejects a wrong check character, an impossible birth date and wrong lengths', () => {
    expectValidator(
      isIdCard,
      [],
      ['110105194912310021', '440300199003071235', '110101190002291233', '110105194913310021', '11010519491231002', '0101051949123100X2', '110105170012310028', ''],
    );
  });
});

describe('isCarPlate', () => {
  it('accepts ordinary and new-energy plates', () => {
    expectValidator(isCarPlate, ['京A12345', '粤B1234挂', '沪AD12345', '浙A12345F', '川A1B2C3'], []);
  });

  it('rejects plates with I or O letters, unknown provinces and wrong lengths', () => {
    expectValidator(isCarPlate, [], ['京I12345', '京A1234O', 'XA12345', 'A12345', '京A1234', '京A1234567', '京a12345', '']);
  });
});

describe('isLandline', () => {
  it('accepts an area code of 3–4 digits, a dash, then 7–8 digits', () => {
    expectValidator(isLandline, ['010-12345678', '0755-1234567', '021-87654321'], []);
  });

  it('rejects numbers without the leading 0, the dash, or the right lengths', () => {
    expectValidator(isLandline, [], ['10-12345678', '010-0123456', '010-123456', '01012345678', '0755-123456789', '07555-1234567', '']);
  });
});

describe('isCode (six digits)', () => {
  it('accepts exactly six digits', () => {
    expectValidator(isCode, ['123456', '000000'], []);
  });

  it('rejects other lengths and non-digits', () => {
    expectValidator(isCode, [], ['12345', '1234567', '12345a', ' 123456', '１２３４５６', '']);
  });
});

describe('maskPhone', () => {
  it('hides the middle four digits of a mobile number', () => {
    expect(maskPhone('13800000002')).toBe('138****0002');
    expect(maskPhone('19912345678')).toBe('199****5678');
  });

  it('leaves anything that is not a mobile number as it is', () => {
    expect(maskPhone('010-12345678')).toBe('010-12345678');
    expect(maskPhone('')).toBe('');
  });
});

describe('passwordProblem (the account password policy)', () => {
  it('accepts 8–32 printable characters with letters and digits', () => {
    for (const password of ['abcdef12', 'Demo@2025', `a1${'x'.repeat(30)}`]) expect(passwordProblem(password, '13800000001'), password).toBeNull();
  });

  it('names the rule a password breaks, in Chinese', () => {
    expect(passwordProblem('abc123')).toBe('密码长度须为8–32位');
    expect(passwordProblem(`a1${'x'.repeat(31)}`)).toBe('密码长度须为8–32位');
    expect(passwordProblem('abcdefgh')).toBe('密码须同时包含字母和数字');
    expect(passwordProblem('12345678')).toBe('密码须同时包含字母和数字');
    expect(passwordProblem('abcd 1234')).toBe('密码只能包含字母、数字和英文符号，不能有空格');
    expect(passwordProblem('密码abcd1234')).toBe('密码只能包含字母、数字和英文符号，不能有空格');
    expect(passwordProblem('a13800000001', '13800000001')).toBe('密码不能包含手机号');
  });

  it('is stated once for the page', () => {
    expect(PASSWORD_POLICY).toContain('8–32位');
  });
});
