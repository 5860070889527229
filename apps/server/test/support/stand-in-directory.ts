/**
 * The directory on the host-app stand-ins (issue 28 §2): departments and people, as WeCom's
 * department/list and user/list and DingTalk's listsub and user/list answer them. Each stand-in
 * holds its own directory, which a test sets (`directoryOf(standIn).set(...)`, or over HTTP with
 * `POST <stand-in>/__stand-in/directory` from an e2e test in another process).
 *
 * Every request is checked: the access token, the parameters (a department that exists, DingTalk's
 * page size at most 100 and a cursor this stand-in handed out for that department); a failed check
 * is a problem the test sees.
 */
import type { HostStandIn, StandInRequest } from './host-stand-in.js';

export interface StandInDepartment {
  id: number;
  name: string;
  /** null for the root (id 1). */
  parentId: number | null;
}

export type StandInStatus = 'active' | 'disabled' | 'inactive';

export interface StandInPerson {
  userId: string;
  name: string;
  /** Given only when set (企业微信 gives self-built apps none since 2022). */
  mobile?: string;
  /** Department ids, in the directory's order (WeCom's leader flags run parallel to it). */
  departments: number[];
  /** The departments this person leads. */
  leaderIn: number[];
  status: StandInStatus;
}

export interface DirectoryContent {
  departments: StandInDepartment[];
  people: StandInPerson[];
}

/** DingTalk's errcode for an unknown department; WeCom's is 60123. */
const DINGTALK_NO_DEPARTMENT = 60003;
const WECOM_NO_DEPARTMENT = 60123;
const WECOM_STATUS: Record<StandInStatus, number> = { active: 1, disabled: 2, inactive: 4 };

export class StandInDirectory {
  departments: StandInDepartment[] = [{ id: 1, name: '全公司', parentId: null }];
  people: StandInPerson[] = [];
  /** DingTalk cursors handed out, per department. */
  readonly cursors = new Map<number, Set<number>>();

  set(content: DirectoryContent): this {
    this.departments = content.departments.some((department) => department.id === 1) ? content.departments : [{ id: 1, name: '全公司', parentId: null }, ...content.departments];
    this.people = content.people;
    this.cursors.clear();
    return this;
  }

  person(userId: string): StandInPerson {
    const found = this.people.find((person) => person.userId === userId);
    if (!found) throw new Error(`no person ${userId} in the stand-in directory`);
    return found;
  }

  has(departmentId: number): boolean {
    return this.departments.some((department) => department.id === departmentId);
  }

  membersOf(departmentId: number): StandInPerson[] {
    return this.people.filter((person) => person.departments.includes(departmentId)).sort((a, b) => a.userId.localeCompare(b.userId));
  }
}

const directories = new WeakMap<HostStandIn, StandInDirectory>();

/** The directory a stand-in answers with. */
export function directoryOf(standIn: HostStandIn): StandInDirectory {
  const found = directories.get(standIn);
  if (!found) throw new Error('installDirectory was not called on this stand-in');
  return found;
}

function setOverHttp(standIn: HostStandIn, directory: StandInDirectory) {
  standIn.route('POST', '/__stand-in/directory', (request) => {
    const content = standIn.jsonOf<DirectoryContent>(request);
    if (!content || !Array.isArray(content.departments) || !Array.isArray(content.people)) return { status: 400 };
    directory.set(content);
    return { json: { ok: true } };
  });
}

function installWecom(standIn: HostStandIn): void {
  const directory = new StandInDirectory();
  directories.set(standIn, directory);
  setOverHttp(standIn, directory);
  standIn.route('GET', '/cgi-bin/department/list', (request) => {
    const refused = standIn.checkToken(request);
    if (refused) return refused;
    return {
      json: {
        errcode: 0,
        errmsg: 'ok',
        department: directory.departments.map((department, order) => ({ id: department.id, name: department.name, parentid: department.parentId ?? 0, order })),
      },
    };
  });
  standIn.route('GET', '/cgi-bin/user/list', (request) => {
    const refused = standIn.checkToken(request);
    if (refused) return refused;
    const raw = request.query.get('department_id') ?? '';
    const departmentId = Number(raw);
    if (!/^\d+$/.test(raw) || !directory.has(departmentId)) {
      standIn.problem(`GET /cgi-bin/user/list: department_id "${raw}" is not a department`);
      return { json: { errcode: WECOM_NO_DEPARTMENT, errmsg: 'invalid department_id' } };
    }
    if (request.query.has('fetch_child')) standIn.problem('GET /cgi-bin/user/list: fetch_child is no longer supported');
    return {
      json: {
        errcode: 0,
        errmsg: 'ok',
        userlist: directory.membersOf(departmentId).map((person) => ({
          userid: person.userId,
          name: person.name,
          department: person.departments,
          // Parallel to `department`: the flag at each department's position.
          is_leader_in_dept: person.departments.map((id) => (person.leaderIn.includes(id) ? 1 : 0)),
          status: WECOM_STATUS[person.status],
          main_department: person.departments[0],
          ...(person.mobile ? { mobile: person.mobile } : {}),
        })),
      },
    };
  });
}

const numberIn = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);

function installDingtalk(standIn: HostStandIn): void {
  const directory = new StandInDirectory();
  directories.set(standIn, directory);
  setOverHttp(standIn, directory);
  const department = (request: StandInRequest): { id: number; body: Record<string, unknown> } | { answer: { json: unknown } } => {
    const body = standIn.jsonOf(request) ?? {};
    const id = numberIn(body.dept_id);
    if (id === undefined || !directory.has(id)) {
      standIn.problem(`${request.method} ${request.path}: dept_id ${JSON.stringify(body.dept_id)} is not a department`);
      return { answer: { json: { errcode: DINGTALK_NO_DEPARTMENT, errmsg: '部门不存在' } } };
    }
    return { id, body };
  };
  standIn.route('POST', '/topapi/v2/department/listsub', (request) => {
    const refused = standIn.checkToken(request);
    if (refused) return refused;
    const asked = department(request);
    if ('answer' in asked) return asked.answer;
    return {
      json: {
        errcode: 0,
        errmsg: 'ok',
        result: directory.departments.filter((row) => row.parentId === asked.id).map((row) => ({ dept_id: row.id, name: row.name, parent_id: asked.id, auto_add_user: false, create_dept_group: false })),
      },
    };
  });
  standIn.route('POST', '/topapi/v2/user/list', (request) => {
    const refused = standIn.checkToken(request);
    if (refused) return refused;
    const asked = department(request);
    if ('answer' in asked) return asked.answer;
    const cursor = numberIn(asked.body.cursor);
    const size = numberIn(asked.body.size);
    const issued = directory.cursors.get(asked.id) ?? new Set([0]);
    if (cursor === undefined || !issued.has(cursor)) {
      standIn.problem(`POST /topapi/v2/user/list: cursor ${JSON.stringify(asked.body.cursor)} was not handed out for department ${asked.id}`);
      return { json: { errcode: 40035, errmsg: '不合法的参数' } };
    }
    if (size === undefined || size < 1 || size > 100) {
      standIn.problem(`POST /topapi/v2/user/list: size ${JSON.stringify(asked.body.size)} is not 1–100`);
      return { json: { errcode: 40035, errmsg: '不合法的参数' } };
    }
    const members = directory.membersOf(asked.id);
    const page = members.slice(cursor, cursor + size);
    const hasMore = cursor + size < members.length;
    if (hasMore) directory.cursors.set(asked.id, new Set([...issued, cursor + size]));
    return {
      json: {
        errcode: 0,
        errmsg: 'ok',
        result: {
          has_more: hasMore,
          ...(hasMore ? { next_cursor: cursor + size } : {}),
          list: page.map((person) => ({
            userid: person.userId,
            unionid: `union-${person.userId}`,
            name: person.name,
            dept_id_list: person.departments,
            leader: person.leaderIn.includes(asked.id),
            leader_in_dept: person.departments.map((id) => ({ dept_id: id, leader: person.leaderIn.includes(id) })),
            active: person.status === 'active',
            ...(person.mobile ? { mobile: person.mobile } : {}),
          })),
        },
      },
    };
  });
}

export function installDirectory(wecom: HostStandIn, dingtalk: HostStandIn): void {
  installWecom(wecom);
  installDingtalk(dingtalk);
}
