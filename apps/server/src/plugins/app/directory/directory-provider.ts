/**
 * A company directory (通讯录) the organisation follows (issue 28 §2): its departments and its people,
 * each with the departments they are in, whether they lead each one, whether they are active and —
 * when the directory gives it — their mobile number. Two implementations on the shared host-app
 * clients: 企业微信 (department/list + user/list per department) and 钉钉 (department/listsub walked
 * from the root + the cursor-paged user/list per department).
 */
import type { DirectoryProviderName } from '@sales/contract';
import type { DingtalkApi } from '../host-apps/dingtalk-api.js';
import type { HostAnswer } from '../host-apps/host-api.js';
import type { WecomApi } from '../host-apps/wecom-api.js';

export interface DirectoryDepartment {
  id: string;
  name: string;
  /** null at the top (or when the parent is outside what the app may see). */
  parentId: string | null;
}

export interface DirectoryMembership {
  departmentId: string;
  /** Leads THIS department, as the directory says for it. */
  isLeader: boolean;
}

export interface DirectoryPerson {
  userId: string;
  name: string;
  /** A mainland mobile, when the directory gives one (企业微信 gives self-built apps none since 2022). */
  mobile: string | null;
  /** False: disabled, not yet activated or gone from the company — the app treats them as 离职. */
  active: boolean;
  departments: DirectoryMembership[];
}

export interface DirectorySnapshot {
  departments: DirectoryDepartment[];
  people: DirectoryPerson[];
}

export interface DirectoryProvider {
  readonly name: DirectoryProviderName;
  /** The departments alone (the console's tree). */
  departments(): Promise<DirectoryDepartment[]>;
  /** Departments and every person in them, each person once. */
  snapshot(): Promise<DirectorySnapshot>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const mobileOf = (value: unknown): string | null => {
  const mobile = text(value).replace(/^\+86-?/, '');
  return /^1\d{10}$/.test(mobile) ? mobile : null;
};

/**
 * 企业微信: `cgi-bin/department/list` (every department the app may see) and `cgi-bin/user/list?
 * department_id=` per department. A person's `is_leader_in_dept` runs parallel to their
 * `department` list: the flag for a department is the one at THAT department's position in the
 * list, not at the index of its id. status 1 is active; 2 (disabled), 4 (not activated) and 5
 * (left) are not.
 */
export class WecomDirectory implements DirectoryProvider {
  readonly name = 'wecom' as const;
  constructor(private readonly api: WecomApi) {}

  async departments(): Promise<DirectoryDepartment[]> {
    const answer = await this.api.call('cgi-bin/department/list');
    const rows = list(answer.department).map(record);
    const ids = new Set(rows.map((row) => text(row.id)));
    return rows.map((row) => {
      const parent = text(row.parentid);
      return { id: text(row.id), name: text(row.name), parentId: parent !== '' && parent !== '0' && ids.has(parent) ? parent : null };
    });
  }

  async snapshot(): Promise<DirectorySnapshot> {
    const departments = await this.departments();
    const people = new Map<string, DirectoryPerson>();
    for (const department of departments) {
      const answer = await this.api.call('cgi-bin/user/list', { query: { department_id: department.id } });
      for (const row of list(answer.userlist).map(record)) {
        const userId = text(row.userid);
        if (userId === '' || people.has(userId)) continue;
        const leaderFlags = list(row.is_leader_in_dept);
        people.set(userId, {
          userId,
          name: text(row.name),
          mobile: mobileOf(row.mobile),
          active: row.status === 1,
          departments: list(row.department).map((id, position) => ({ departmentId: text(id), isLeader: leaderFlags[position] === 1 })),
        });
      }
    }
    return { departments, people: [...people.values()] };
  }
}

/** 钉钉's root department. */
const DINGTALK_ROOT = 1;
/** topapi/v2/user/list's largest page. */
const DINGTALK_PAGE = 100;

/**
 * 钉钉: `topapi/v2/department/listsub` walked from the root (1), and `topapi/v2/user/list` per
 * department, cursor-paged (`has_more`, `next_cursor`). `leader_in_dept` says per department
 * whether the person leads it; `active` whether they activated their account.
 */
export class DingtalkDirectory implements DirectoryProvider {
  readonly name = 'dingtalk' as const;
  constructor(private readonly api: DingtalkApi) {}

  async departments(): Promise<DirectoryDepartment[]> {
    const found: DirectoryDepartment[] = [];
    const seen = new Set<string>();
    let frontier = [DINGTALK_ROOT];
    while (frontier.length > 0) {
      const next: number[] = [];
      for (const parent of frontier) {
        const answer = await this.api.call('topapi/v2/department/listsub', { body: { dept_id: parent } });
        for (const row of list(answer.result).map(record)) {
          const id = text(row.dept_id);
          if (id === '' || seen.has(id)) continue;
          seen.add(id);
          found.push({ id, name: text(row.name), parentId: Number(row.parent_id) === DINGTALK_ROOT ? null : text(row.parent_id) });
          next.push(Number(row.dept_id));
        }
      }
      frontier = next;
    }
    return found;
  }

  async snapshot(): Promise<DirectorySnapshot> {
    const departments = await this.departments();
    const people = new Map<string, DirectoryPerson>();
    for (const departmentId of [String(DINGTALK_ROOT), ...departments.map((department) => department.id)]) {
      let cursor = 0;
      for (;;) {
        const answer: HostAnswer = await this.api.call('topapi/v2/user/list', { body: { dept_id: Number(departmentId), cursor, size: DINGTALK_PAGE } });
        const result = record(answer.result);
        for (const row of list(result.list).map(record)) {
          const userId = text(row.userid);
          if (userId === '' || people.has(userId)) continue;
          const leads = new Map(list(row.leader_in_dept).map(record).map((entry) => [text(entry.dept_id), entry.leader === true]));
          people.set(userId, {
            userId,
            name: text(row.name),
            mobile: mobileOf(row.mobile),
            active: row.active === true,
            departments: list(row.dept_id_list)
              .map(text)
              .filter((id) => id !== String(DINGTALK_ROOT))
              .map((id) => ({ departmentId: id, isLeader: leads.get(id) ?? false })),
          });
        }
        if (result.has_more !== true) break;
        const next = Number(result.next_cursor);
        if (!Number.isInteger(next) || next <= cursor) break;
        cursor = next;
      }
    }
    return { departments, people: [...people.values()] };
  }
}

/** The configured providers, by name. */
export function directoryProviders(hostApps: { wecom: WecomApi | undefined; dingtalk: DingtalkApi | undefined }): Partial<Record<DirectoryProviderName, DirectoryProvider>> {
  return {
    ...(hostApps.wecom ? { wecom: new WecomDirectory(hostApps.wecom) } : {}),
    ...(hostApps.dingtalk ? { dingtalk: new DingtalkDirectory(hostApps.dingtalk) } : {}),
  };
}
