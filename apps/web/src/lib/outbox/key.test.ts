// @vitest-environment node
import { IDEMPOTENCY_KEY_PATTERN } from '@sales/contract';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('makes a fresh v4 UUID the server accepts, each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(UUID_V4);
      expect(key).toMatch(new RegExp(IDEMPOTENCY_KEY_PATTERN));
    }
  });

  it('makes one from random bytes where randomUUID is missing (a page outside a secure context)', () => {
    const original = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(UUID_V4);
    } finally {
      if (original) Object.defineProperty(crypto, 'randomUUID', original);
      else delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
  });
});
