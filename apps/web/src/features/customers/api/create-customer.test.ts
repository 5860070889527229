// @vitest-environment node
import { CUSTOMER_DUPLICATE_MESSAGE, type CustomerDuplicate } from '@sales/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, RuntimeError } from '../../../lib/api-client';
import { duplicatesOf } from './create-customer';

const mine: CustomerDuplicate = { relation: 'mine', id: 12, name: '人民路便利店', ownerName: null, matched: 'phone' };
const colleague: CustomerDuplicate = { relation: 'colleague', id: null, name: '和平超市', ownerName: '王芳', matched: 'name' };

describe('duplicatesOf (新建客户’s 409)', () => {
  it('reads the existing customers the server named', () => {
    expect(duplicatesOf(new ApiError(409, 409, CUSTOMER_DUPLICATE_MESSAGE, { duplicates: [mine, colleague] }))).toEqual([mine, colleague]);
  });

  it('is null for every other failure: another 409, a 400, a network failure, a 409 without data', () => {
    expect(duplicatesOf(new ApiError(409, 409, '同一键但内容不同'))).toBeNull();
    expect(duplicatesOf(new ApiError(400, 400, '请输入正确的手机号或座机号（如 021-12345678）'))).toBeNull();
    expect(duplicatesOf(new RuntimeError('request:fail', 1))).toBeNull();
    expect(duplicatesOf(new ApiError(409, 409, CUSTOMER_DUPLICATE_MESSAGE))).toBeNull();
    expect(duplicatesOf(new Error('x'))).toBeNull();
  });
});
