import { Check } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { Envelope, ErrorEnvelope, FIELD_LABELS, LoginBody, PositionUserSchema, SendBody, SendMsgBody, UserInfo } from '../src/schemas.js';

describe('API contract schemas', () => {
  it('accepts the DESIGN §5 login bodies and rejects oversized fields', () => {
    expect(Check(LoginBody, { phone: '13800000001', password: 'Demo@2025' })).toBe(true);
    expect(Check(LoginBody, { phone: '13800000001', code: '123456' })).toBe(true);
    expect(Check(LoginBody, { password: 'Demo@2025' })).toBe(false);
    expect(Check(LoginBody, { phone: '1'.repeat(33), password: 'x' })).toBe(false);
  });

  it('limits code scenes to the ones DESIGN §5 names', () => {
    for (const scene of ['login', 'newPhone']) expect(Check(SendMsgBody, { phone: '13800000001', scene })).toBe(true);
    expect(Check(SendMsgBody, { phone: '13800000001', scene: 'password' })).toBe(false);
    for (const scene of ['changePhone', 'password', 'deregister']) expect(Check(SendBody, { scene })).toBe(true);
    expect(Check(SendBody, { scene: 'login' })).toBe(false);
    expect(Check(SendBody, {})).toBe(false);
  });

  it('describes user info with positionUsers and both report flags', () => {
    const info = {
      id: 5,
      username: '陈静',
      phone: '13800000005',
      avatar: null,
      positionUsers: [
        { departmentId: 102, departmentName: '华东二部', isLeader: false, drawAuth: true },
        { departmentId: 102, departmentName: '华东二部', isLeader: true, drawAuth: false },
      ],
      reportAllSites: false,
      teamReportAuth: false,
      mustChangePassword: false,
      isAdmin: false,
    };
    expect(Check(UserInfo, info)).toBe(true);
    expect(Check(UserInfo, { ...info, mustChangePassword: undefined })).toBe(false);
    expect(Check(UserInfo, { ...info, reportAllSites: undefined })).toBe(false);
    expect(Check(PositionUserSchema, { departmentId: '102', departmentName: '华东二部', isLeader: false, drawAuth: true })).toBe(false);
  });

  it('wraps data in the { code, msg, data } envelope', () => {
    expect(Check(Envelope(UserInfo), { code: 200, msg: '操作成功', data: null })).toBe(false);
    expect(Check(ErrorEnvelope, { code: 401, msg: '登录过期，请重新登录', data: null })).toBe(true);
    expect(Check(ErrorEnvelope, { code: 401, msg: '登录过期，请重新登录' })).toBe(false);
  });

  it('names request fields in Chinese for validation messages', () => {
    expect(FIELD_LABELS.phone).toBe('手机号');
    expect(FIELD_LABELS.password).toBe('密码');
    expect(FIELD_LABELS.code).toBe('验证码');
  });
});
