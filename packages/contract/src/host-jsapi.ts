/**
 * The host apps' JS-API configuration (issue 28 §3): inside 企业微信 or 钉钉 the phone app asks the
 * server to sign the page's address with the host's jsapi_ticket, then registers the host's JS SDK
 * with it (`ww.register`, `dd.config`) to scan and locate through the host. The ticket itself
 * never leaves the server; only signatures do.
 */
import Type from 'typebox';

export const HOST_APPS = ['wecom', 'dingtalk'] as const;
export type HostAppName = (typeof HOST_APPS)[number];

export const HostJsapiConfigBody = Type.Object(
  {
    /** The host the page runs in (from its user agent). */
    host: Type.Enum(HOST_APPS),
    /** The page's address as the host sees it (location.href); the #fragment is not signed. */
    url: Type.String({ minLength: 1, maxLength: 2048 }),
  },
  { additionalProperties: false },
);
export type HostJsapiConfigBody = Type.Static<typeof HostJsapiConfigBody>;

/** A signature of the page's address: sha1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`. */
const Signed = {
  /** Seconds since the epoch, as signed. */
  timestamp: Type.Integer(),
  nonceStr: Type.String(),
  signature: Type.String(),
};

export const HostJsapiConfig = Type.Union([
  Type.Object({
    host: Type.Literal('wecom'),
    corpId: Type.String(),
    agentId: Type.Integer(),
    /** ww.register's corp signature (jsapi_ticket of the company). */
    corp: Type.Object(Signed),
    /** ww.register's agent signature (the app's agent_config ticket). */
    agent: Type.Object(Signed),
  }),
  Type.Object({
    host: Type.Literal('dingtalk'),
    corpId: Type.String(),
    agentId: Type.Integer(),
    /** dd.config's signature (jsapi_ticket of the app). */
    corp: Type.Object(Signed),
  }),
]);
export type HostJsapiConfig = Type.Static<typeof HostJsapiConfig>;
