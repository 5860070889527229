/**
 * 钉钉 (DingTalk) server API of the internal app (企业内部应用): `gettoken` with the app's
 * AppKey and AppSecret gives the access_token the `topapi/…` calls carry
 * (open.dingtalk.com/document/orgapp/obtain-orgapp-token). Invalid or expired tokens (40014,
 * 42001) are fetched again once.
 */
import type { DingtalkAppConfig } from '../../../env.js';
import { TokenApi } from './host-api.js';

const TOKEN_ERRORS = new Set([40014, 42001]);
/** 40089/40091: a wrong AppKey or AppSecret; 60011: no privilege; 60121: no such user; 33012: not in the app's range. */
const FINAL_ERRORS = new Set([40089, 40091, 60011, 60121, 33012]);

export class DingtalkApi extends TokenApi {
  constructor(
    readonly config: DingtalkAppConfig,
    now: () => number = Date.now,
  ) {
    super('钉钉', config.apiBase, { path: 'gettoken', query: { appkey: config.appKey, appsecret: config.appSecret } }, TOKEN_ERRORS, FINAL_ERRORS, now);
  }
}
