/**
 * The directory on the host-app stand-ins (issue 28 §2): departments and people, as WeCom's
 * department/list, user/list_id and user/get and DingTalk's listsub and user/list answer them.
 */
import type { HostStandIn } from './host-stand-in.js';

export function installDirectory(_wecom: HostStandIn, _dingtalk: HostStandIn): void {
  // Routes land with the directory slice.
}
