/**
 * The Idempotency-Key header (issue 19) under attack: keys that are not one UUID, and one key sent
 * with changing bodies. The routes that take it are found in the OpenAPI document (the header
 * parameter routeOf documents), so a create call made idempotent later is attacked too.
 */
import { IDEMPOTENCY_HEADER } from '@sales/contract';
import { randomUUID } from 'node:crypto';
import type { DocumentedRoute } from './routes.js';

export const IDEMPOTENCY_HEADER_NAME = IDEMPOTENCY_HEADER.toLowerCase();

/** The documented routes that take an Idempotency-Key. */
export const idempotentRoutes = (routes: readonly DocumentedRoute[]) =>
  routes.filter((route) => route.headers.some((header) => header.name.toLowerCase() === IDEMPOTENCY_HEADER_NAME));

const uuid = randomUUID();
/** Header values that are not one UUID: each must be refused with the Chinese 400, nothing written. */
export const WRONG_KEYS: readonly { name: string; value: string | string[] }[] = [
  { name: 'not a UUID', value: 'not-a-uuid' },
  { name: 'empty', value: '' },
  { name: 'blank', value: '   ' },
  { name: 'one character too long', value: `${uuid}0` },
  { name: 'one character short', value: uuid.slice(1) },
  { name: 'very long', value: 'a'.repeat(8_000) },
  { name: 'not hex', value: 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz' },
  { name: 'braced', value: `{${uuid}}` },
  { name: 'two keys in one header', value: `${uuid}, ${randomUUID()}` },
  { name: 'duplicate header', value: [uuid, randomUUID()] },
  { name: 'duplicate header, same key', value: [uuid, uuid] },
  { name: 'SQL', value: `${uuid}' or '1'='1` },
  { name: 'path', value: '../../../../etc/passwd' },
  { name: 'newline-free control text', value: `${uuid}\t` },
];
