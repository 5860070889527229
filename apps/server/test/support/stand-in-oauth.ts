/**
 * Sign-in on the host-app stand-ins (issue 28 §1): the authorize and QR pages that redirect back
 * with a one-time code, and the calls that turn a code into a userid.
 */
import type { HostStandIn } from './host-stand-in.js';

export function installOAuth(_wecom: HostStandIn, _dingtalk: HostStandIn): void {
  // Routes land with the sign-in slice.
}
