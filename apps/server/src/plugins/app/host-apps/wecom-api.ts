/**
 * 企业微信 (WeCom) server API of the self-built app: `cgi-bin/gettoken` with corpid and
 * corpsecret gives the access_token every other call carries (developer.work.weixin.qq.com
 * /document/path/91039). Invalid or expired tokens (40014, 42001, 42009) are fetched again once.
 */
import type { WecomAppConfig } from '../../../env.js';
import { TokenApi } from './host-api.js';

const TOKEN_ERRORS = new Set([40014, 42001, 42009]);
/** 40001/40013: a wrong secret or corpid; 60011: no privilege; 60111/81013: no such user; 48002/60020: the app may not (configuration). */
const FINAL_ERRORS = new Set([40001, 40013, 60011, 60111, 81013, 48002, 60020]);

export class WecomApi extends TokenApi {
  constructor(
    readonly config: WecomAppConfig,
    now: () => number = Date.now,
  ) {
    super('企业微信', config.apiBase, { path: 'cgi-bin/gettoken', query: { corpid: config.corpId, corpsecret: config.corpSecret } }, TOKEN_ERRORS, FINAL_ERRORS, now);
  }
}
