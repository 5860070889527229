/**
 * JS-API tickets and DingTalk work notices on the host-app stand-ins (issue 28 §3, §4):
 * 企业微信 `cgi-bin/get_jsapi_ticket` and `cgi-bin/ticket/get?type=agent_config`, 钉钉
 * `get_jsapi_ticket` and `topapi/message/corpconversation/asyncsend_v2`. Every call's token is
 * checked; a work notice's body is checked as DingTalk would (agent_id, userid_list, a known
 * msgtype with its content). Each ticket fetch issues a new ticket, so a test sees which one a
 * signature used; `GET /__stand-in/jsapi-tickets` lists them for a test in another process.
 */
import { randomBytes } from 'node:crypto';
import type { HostStandIn, StandInAnswer, StandInRequest } from './host-stand-in.js';

export interface JsapiTickets {
  /** Every ticket issued, newest last. */
  wecomCorp: string[];
  wecomAgent: string[];
  dingtalk: string[];
}

export interface DingtalkWorkNotice {
  agentId: number;
  userIds: string[];
  msg: { msgtype: string; [key: string]: unknown };
}

export interface JsapiStandIn {
  tickets: JsapiTickets;
  /** Work notices DingTalk accepted. */
  workNotices: DingtalkWorkNotice[];
  /** The next this many asyncsend_v2 calls answer this errcode (a busy or refusing DingTalk). */
  failWorkNotices(times: number, errcode?: number): void;
  /** How long tickets live (seconds), as the answer's expires_in says. */
  ticketLifetimeSeconds: number;
}

const MSG_TYPES: Record<string, (msg: Record<string, unknown>) => boolean> = {
  text: (msg) => typeof (msg.text as { content?: unknown } | undefined)?.content === 'string',
  oa: (msg) => {
    const oa = msg.oa as { message_url?: unknown; head?: { text?: unknown; bgcolor?: unknown }; body?: { title?: unknown; content?: unknown } } | undefined;
    return typeof oa?.message_url === 'string' && typeof oa.head?.bgcolor === 'string' && typeof oa.body?.content === 'string';
  },
  action_card: (msg) => {
    const card = msg.action_card as { title?: unknown; markdown?: unknown } | undefined;
    return typeof card?.title === 'string' && typeof card.markdown === 'string';
  },
};

export function installJsapi(wecom: HostStandIn, dingtalk: HostStandIn, options: { dingtalkAgentId?: number } = {}): JsapiStandIn {
  let failures = 0;
  let failCode = 0;
  const state: JsapiStandIn = {
    tickets: { wecomCorp: [], wecomAgent: [], dingtalk: [] },
    workNotices: [],
    failWorkNotices(times, errcode = -1) {
      failures = times;
      failCode = errcode;
    },
    ticketLifetimeSeconds: 7200,
  };

  const issue = (list: string[], prefix: string) => (request: StandInRequest, standIn: HostStandIn): StandInAnswer => {
    const refused = standIn.checkToken(request);
    if (refused) return refused;
    const ticket = `${prefix}-${randomBytes(12).toString('hex')}`;
    list.push(ticket);
    return { json: { errcode: 0, errmsg: 'ok', ticket, expires_in: state.ticketLifetimeSeconds } };
  };

  wecom.route('GET', '/cgi-bin/get_jsapi_ticket', issue(state.tickets.wecomCorp, 'wwcorp'));
  wecom.route('GET', '/cgi-bin/ticket/get', (request, standIn) => {
    if (request.query.get('type') !== 'agent_config') {
      standIn.problem(`GET ${request.path}: type ${request.query.get('type') ?? '(none)'} instead of agent_config`);
      return { json: { errcode: 40001, errmsg: 'invalid type' } };
    }
    return issue(state.tickets.wecomAgent, 'wwagent')(request, standIn);
  });
  dingtalk.route('GET', '/get_jsapi_ticket', issue(state.tickets.dingtalk, 'ddticket'));

  dingtalk.route('POST', '/topapi/message/corpconversation/asyncsend_v2', (request, standIn) => {
    const refused = standIn.checkToken(request);
    if (refused) return refused;
    const body = standIn.jsonOf<{ agent_id?: unknown; userid_list?: unknown; msg?: Record<string, unknown> }>(request);
    if (!body) return { json: { errcode: 40035, errmsg: 'invalid body' } };
    const wrong: string[] = [];
    if (typeof body.agent_id !== 'number' || !Number.isInteger(body.agent_id)) wrong.push('agent_id is not an integer');
    else if (options.dingtalkAgentId !== undefined && body.agent_id !== options.dingtalkAgentId) wrong.push(`agent_id ${body.agent_id} is not the app's`);
    if (typeof body.userid_list !== 'string' || body.userid_list === '') wrong.push('userid_list is not a non-empty string');
    const msgtype = body.msg?.msgtype;
    if (typeof msgtype !== 'string' || !MSG_TYPES[msgtype]?.(body.msg ?? {})) wrong.push(`msg ${JSON.stringify(body.msg)} is not a text, oa or action_card message`);
    if (wrong.length > 0) {
      for (const text of wrong) standIn.problem(`POST ${request.path}: ${text}`);
      return { json: { errcode: 40035, errmsg: 'invalid parameter' } };
    }
    if (failures > 0) {
      failures -= 1;
      return { json: { errcode: failCode, errmsg: 'system busy' } };
    }
    state.workNotices.push({ agentId: body.agent_id as number, userIds: (body.userid_list as string).split(','), msg: body.msg as DingtalkWorkNotice['msg'] });
    return { json: { errcode: 0, errmsg: 'ok', task_id: state.workNotices.length, request_id: randomBytes(6).toString('hex') } };
  });

  // For a test in another process (e2e): the tickets issued, to check a signature independently.
  for (const standIn of [wecom, dingtalk]) standIn.route('GET', '/__stand-in/jsapi-tickets', () => ({ json: state.tickets }));
  return state;
}
