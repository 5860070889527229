/**
 * JS-API tickets and DingTalk work notices on the host-app stand-ins (issue 28 §3, §4).
 */
import type { HostStandIn } from './host-stand-in.js';

export function installJsapi(_wecom: HostStandIn, _dingtalk: HostStandIn): void {
  // Routes land with the JS-API slice.
}
