/**
 * The 企业微信 and 钉钉 stand-ins of the e2e run: started by global setup before the server, which
 * is configured to call them (WECOM_API_BASE, DINGTALK_API_BASE, …). A test reads their recorded
 * problems over HTTP (`GET <stand-in>/__stand-in/problems`) and expects none.
 */
import { HostStandIn } from '../../apps/server/test/support/host-stand-in';
import { installDirectory } from '../../apps/server/test/support/stand-in-directory';
import { installJsapi } from '../../apps/server/test/support/stand-in-jsapi';
import { installOAuth } from '../../apps/server/test/support/stand-in-oauth';

export const E2E_WECOM = { corpId: 'ww-e2e-corp', corpSecret: 'e2e-wecom-secret-4b1d', agentId: 1000002 } as const;
export const E2E_DINGTALK = { appKey: 'ding-e2e-key', appSecret: 'e2e-dingtalk-secret-77aa', agentId: 2000001, corpId: 'ding-e2e-corp' } as const;

export interface HostStandIns {
  wecom: HostStandIn;
  dingtalk: HostStandIn;
  /** The server's environment that points it at the stand-ins. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startHostStandIns(): Promise<HostStandIns> {
  const wecom = await new HostStandIn('wecom', { id: E2E_WECOM.corpId, secret: E2E_WECOM.corpSecret }).start();
  const dingtalk = await new HostStandIn('dingtalk', { id: E2E_DINGTALK.appKey, secret: E2E_DINGTALK.appSecret }).start();
  installOAuth(wecom, dingtalk, { wecomAgentId: E2E_WECOM.agentId, dingtalkCorpId: E2E_DINGTALK.corpId });
  installDirectory(wecom, dingtalk);
  installJsapi(wecom, dingtalk, { dingtalkAgentId: E2E_DINGTALK.agentId });
  return {
    wecom,
    dingtalk,
    env: {
      WECOM_CORP_ID: E2E_WECOM.corpId,
      WECOM_CORP_SECRET: E2E_WECOM.corpSecret,
      WECOM_AGENT_ID: String(E2E_WECOM.agentId),
      WECOM_API_BASE: wecom.url,
      // Sign-in's authorize and QR pages (issue 28 §1) are the stand-ins' too.
      WECOM_OAUTH_BASE: wecom.url,
      WECOM_SSO_BASE: wecom.url,
      DINGTALK_LOGIN_BASE: dingtalk.url,
      DINGTALK_APP_KEY: E2E_DINGTALK.appKey,
      DINGTALK_APP_SECRET: E2E_DINGTALK.appSecret,
      DINGTALK_AGENT_ID: String(E2E_DINGTALK.agentId),
      DINGTALK_CORP_ID: E2E_DINGTALK.corpId,
      DINGTALK_API_BASE: dingtalk.url,
      DINGTALK_NEW_API_BASE: dingtalk.url,
    },
    close: async () => {
      await wecom.close();
      await dingtalk.close();
    },
  };
}
