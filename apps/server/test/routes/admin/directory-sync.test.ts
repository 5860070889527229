/**
 * 通讯录同步 (issue 28 §2) against the 企业微信 and 钉钉 stand-ins: a directory of 30 departments and
 * 500 people is previewed and applied (the preview lists exactly what apply does), then changed — a
 * move, a new leader, two leavers, conflicts — and synced again; leaders are read by the department's
 * position in WeCom's list; DingTalk's cursor paging; the daily sync run by two instances at once
 * creates each person once; bad input is refused in Chinese.
 */
import type { AdminDirectoryApplyResult, AdminDirectoryPlan, AdminDirectoryStatus, AdminDirectoryTree, AdminSite } from '@sales/contract';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, directoryMappings, notices, positions, sessions, sites, staff } from '../../../src/db/schema.js';
import { openDatabase } from '../../../src/db/client.js';
import { DEMO_ADMINISTRATOR } from '../../../src/db/seed-staff.js';
import { WecomApi } from '../../../src/plugins/app/host-apps/wecom-api.js';
import { WecomDirectory } from '../../../src/plugins/app/directory/directory-provider.js';
import { DIRECTORY_SYNC_JOB } from '../../../src/plugins/app/directory/directory-sync.js';
import { HostStandIn } from '../../support/host-stand-in.js';
import { directoryOf, installDirectory, type DirectoryContent, type StandInPerson } from '../../support/stand-in-directory.js';
import { buildTestApp, call, login, PHONES, useTestServer } from '../../helper.js';

const WECOM = { corpId: 'ww-directory-test', corpSecret: 'wecom-directory-secret-51ac', agentId: 1000009 };
const DINGTALK = { appKey: 'ding-directory-key', appSecret: 'dingtalk-directory-secret-9e0f', agentId: 2000009, corpId: 'ding-directory-corp' };

const wecom = new HostStandIn('wecom', { id: WECOM.corpId, secret: WECOM.corpSecret });
const dingtalk = new HostStandIn('dingtalk', { id: DINGTALK.appKey, secret: DINGTALK.appSecret });
installDirectory(wecom, dingtalk);
await wecom.start();
await dingtalk.start();

const server = useTestServer({
  hostApps: {
    wecom: { ...WECOM, apiBase: wecom.url },
    dingtalk: { ...DINGTALK, apiBase: dingtalk.url, newApiBase: dingtalk.url },
  },
});

afterAll(async () => {
  await wecom.close();
  await dingtalk.close();
});

let adminToken = '';
beforeAll(async () => {
  adminToken = (await login(server.app, DEMO_ADMINISTRATOR.phone)).token;
});

const post = <T>(path: string, body?: unknown, token = adminToken, app: FastifyInstance = server.app) => call<T>(app, 'POST', `/seller/admin/directory/${path}`, { token, ...(body === undefined ? {} : { body }) });

/** 企业微信: 全公司 (1) → 销售中心 (2) → 7 regions (3–9) → 21 teams (10–30): 30 departments; 500 people in the teams. */
function bigDirectory(): DirectoryContent {
  const departments = [
    { id: 1, name: '全公司', parentId: null },
    { id: 2, name: '销售中心', parentId: 1 },
    ...Array.from({ length: 7 }, (_, index) => ({ id: 3 + index, name: `通讯录大区${index + 1}`, parentId: 2 })),
    ...Array.from({ length: 21 }, (_, index) => ({ id: 10 + index, name: `通讯录小组${index + 1}`, parentId: 3 + (index % 7) })),
  ];
  const people: StandInPerson[] = Array.from({ length: 500 }, (_, index) => {
    const team = 10 + (index % 21);
    return {
      userId: `u${String(index).padStart(3, '0')}`,
      name: `同步员工${index}`,
      mobile: `1770000${String(index).padStart(4, '0')}`,
      departments: [team],
      // The first 21 people lead their team.
      leaderIn: index < 21 ? [team] : [],
      status: 'active' as const,
    };
  });
  // u499 is in two teams and leads only the second — listed first, so its flag is at position 0.
  const two = people[499];
  if (two) {
    two.departments = [20, 11];
    two.leaderIn = [20];
  }
  return { departments, people };
}

const staffByWecom = async (userId: string) => {
  const [row] = await server.db.select().from(staff).where(eq(staff.wecomUserId, userId));
  if (!row) throw new Error(`no staff for ${userId}`);
  return row;
};
const positionsOf = async (staffId: number) =>
  server.db.select({ siteName: sites.name, isLeader: positions.isLeader }).from(positions).innerJoin(sites, eq(sites.id, positions.siteId)).where(eq(positions.staffId, staffId)).orderBy(sites.name);

describe('企业微信: 30 departments, 500 people', () => {
  let existingSite: AdminSite;

  it('refuses to preview before a provider is chosen, and an unknown department', async () => {
    const before = await post<AdminDirectoryPlan>('preview');
    expect(before.status).toBe(400);
    expect(before.body.msg).toContain('通讯录来源');
    directoryOf(wecom).set(bigDirectory());
    const unknown = await post('save', { provider: 'wecom', dailySync: false, mappings: [{ departmentId: '999', parentSiteId: null }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain('通讯录中没有部门 999');
    const badType = await post('save', { provider: 'wecom', dailySync: 'yes', mappings: [] });
    expect(badType.status).toBe(400);
    const badFingerprint = await post('apply', { fingerprint: 'abc' });
    expect(badFingerprint.status).toBe(400);
  });

  it('lists the directory tree with member counts', async () => {
    const tree = await post<AdminDirectoryTree>('tree', { provider: 'wecom' });
    expect(tree.status).toBe(200);
    expect(tree.body.data.departments).toHaveLength(30);
    expect(tree.body.data.departments.find((department) => department.id === '10')).toEqual({ id: '10', name: '通讯录小组1', parentId: '3', memberCount: 24 });
  });

  it('previews exactly what apply then does', async () => {
    const created = await call<AdminSite>(server.app, 'POST', '/seller/admin/site/create', { token: adminToken, body: { name: '目录测试旧站', region: '华东', parentId: null } });
    expect(created.status).toBe(200);
    existingSite = created.body.data;
    const mappings = [
      ...Array.from({ length: 7 }, (_, index) => ({ departmentId: String(3 + index), parentSiteId: null, region: '同步区' })),
      ...Array.from({ length: 20 }, (_, index) => ({ departmentId: String(10 + index) })),
      // 小组21 onto an existing site: renamed after the department and moved under its region's site.
      { departmentId: '30', siteId: existingSite.id },
    ];
    const saved = await post<AdminDirectoryStatus>('save', { provider: 'wecom', dailySync: false, mappings });
    expect(saved.status).toBe(200);
    expect(saved.body.data.providers).toEqual(['dingtalk', 'wecom']);
    expect(saved.body.data.mappings).toHaveLength(28);

    const preview = await post<AdminDirectoryPlan>('preview');
    expect(preview.status).toBe(200);
    const plan = preview.body.data;
    expect(plan.conflicts).toEqual([]);
    expect(plan.sites.filter((site) => site.action === 'create')).toHaveLength(27);
    expect(plan.sites.filter((site) => site.action !== 'create').map((site) => [site.action, site.siteId, site.name])).toEqual([
      ['rename', existingSite.id, '通讯录小组21'],
      ['move', existingSite.id, '通讯录小组21'],
    ]);
    expect(plan.people).toHaveLength(500);
    expect(plan.people.every((person) => person.action === 'create' && person.staffId === null)).toBe(true);
    // Nothing written by the preview.
    const [none] = await server.db.select({ n: sql<number>`count(*)::int` }).from(staff).where(isNotNull(staff.wecomUserId));
    expect(none?.n).toBe(0);

    const applied = await post<AdminDirectoryApplyResult>('apply', { fingerprint: plan.fingerprint });
    expect(applied.status).toBe(200);
    expect(applied.body.data.counts).toMatchObject({ sites: 29, create: 500, update: 0, move: 0, deactivate: 0, reactivate: 0, conflicts: 0 });

    const linked = await server.db.select({ id: staff.wecomUserId }).from(staff).where(isNotNull(staff.wecomUserId));
    expect(linked.map((row) => row.id).sort()).toEqual(plan.people.map((person) => person.directoryId).sort());
    // Each person's positions: their team's site; leaders lead it.
    expect(await positionsOf((await staffByWecom('u000')).id)).toEqual([{ siteName: '通讯录小组1', isLeader: true }]);
    expect(await positionsOf((await staffByWecom('u021')).id)).toEqual([{ siteName: '通讯录小组1', isLeader: false }]);
    expect(await positionsOf((await staffByWecom('u020')).id)).toEqual([{ siteName: '通讯录小组21', isLeader: true }]);
    // Two departments, two positions; the leader flag read at each department's position in the list.
    expect(await positionsOf((await staffByWecom('u499')).id)).toEqual([
      { siteName: '通讯录小组11', isLeader: true },
      { siteName: '通讯录小组2', isLeader: false },
    ]);
    // The site tree follows the directory: 小组 under 大区, the old site renamed and moved.
    const [team1] = await server.db.select().from(sites).where(eq(sites.name, '通讯录小组1'));
    const [region1] = await server.db.select().from(sites).where(eq(sites.name, '通讯录大区1'));
    expect(team1?.parentId).toBe(region1?.id);
    expect(region1?.parentId).toBeNull();
    const [old] = await server.db.select().from(sites).where(eq(sites.id, existingSite.id));
    expect(old).toMatchObject({ name: '通讯录小组21', parentId: (await server.db.select().from(sites).where(eq(sites.name, '通讯录大区7')))[0]?.id });
    // One audit entry per new person and site, and the run's own.
    const audits = await server.db.select({ action: auditLog.action, n: sql<number>`count(*)::int` }).from(auditLog).where(sql`${auditLog.detail} like '通讯录同步：%'`).groupBy(auditLog.action);
    expect(Object.fromEntries(audits.map((row) => [row.action, row.n]))).toEqual({ 'staff.create': 500, 'site.create': 27, 'site.update': 1, 'site.move': 1 });
    const [run] = await server.db.select().from(auditLog).where(eq(auditLog.action, 'directory.sync'));
    expect(run?.detail).toContain('新建 500');

    // Synced: nothing left to do.
    const again = await post<AdminDirectoryPlan>('preview');
    expect(again.status, again.body.msg).toBe(200);
    expect(again.body.data).toMatchObject({ sites: [], people: [], conflicts: [] });
    const status = await post<AdminDirectoryStatus>('status');
    expect(status.body.data.lastRun, JSON.stringify(status.body)).toMatchObject({ kind: 'preview', error: null });
    expect(wecom.problems).toEqual([]);
  });

  it('syncs a move, a new leader, leavers and conflicts; refuses a stale preview', async () => {
    const directory = directoryOf(wecom);
    const leaving = await staffByWecom('u102');
    // u102 owns a customer at their site and is signed in: 离职 hands the customer back to the site and ends the session.
    const [site] = await server.db.select({ siteId: positions.siteId }).from(positions).where(eq(positions.staffId, leaving.id));
    const [customer] = await server.db
      .insert(customers)
      .values({ name: '同步离职客户', contactName: '王', phone: '13912340000', qrToken: 'directory-sync-leaver-qr', siteId: site?.siteId ?? 0, ownerId: leaving.id, level: 'A' })
      .returning({ id: customers.id });
    await server.db.insert(sessions).values({ tokenHash: 'f'.repeat(64), staffId: leaving.id, expiresAt: new Date(Date.now() + 86_400_000) });

    const before = await post<AdminDirectoryPlan>('preview');
    directory.person('u100').departments = [12];
    directory.person('u101').leaderIn = [directory.person('u101').departments[0] ?? 0];
    directory.person('u102').status = 'disabled';
    directory.people = directory.people.filter((person) => person.userId !== 'u103');
    directory.person('u104').mobile = PHONES.zhangWei;
    directory.people.push({ userId: 'u500', name: '没有手机号', departments: [10], leaderIn: [], status: 'active' });
    directory.people.push({ userId: 'u501', name: '两个角色', mobile: '17700009999', departments: [10, 12], leaderIn: [10], status: 'active' });

    const stale = await post('apply', { fingerprint: before.body.data.fingerprint });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('通讯录或员工在预览后有变化，请重新预览');

    const preview = await post<AdminDirectoryPlan>('preview');
    const plan = preview.body.data;
    expect(plan.sites).toEqual([]);
    expect(plan.people.map((person) => [person.directoryId, person.action])).toEqual([
      ['u100', 'move'],
      ['u101', 'update'],
      ['u102', 'deactivate'],
      ['u103', 'deactivate'],
      ['u501', 'create'],
    ]);
    expect(plan.people.find((person) => person.directoryId === 'u101')?.changes).toEqual(['通讯录小组18 业务员 → 主管']);
    expect(plan.conflicts.map((item) => item.directoryId)).toEqual(['u104', 'u500']);
    expect(plan.conflicts[0]?.reason).toContain('已被在职员工 张伟 使用');
    expect(plan.conflicts[1]?.reason).toContain('未提供手机号');

    const applied = await post<AdminDirectoryApplyResult>('apply', { fingerprint: plan.fingerprint });
    expect(applied.status).toBe(200);
    expect(applied.body.data.counts).toMatchObject({ create: 1, update: 1, move: 1, deactivate: 2, conflicts: 2 });

    expect(await positionsOf((await staffByWecom('u100')).id)).toEqual([{ siteName: '通讯录小组3', isLeader: false }]);
    expect((await positionsOf((await staffByWecom('u101')).id))[0]?.isLeader).toBe(true);
    const gone = await staffByWecom('u102');
    expect(gone.status).toBe('inactive');
    expect((await staffByWecom('u103')).status).toBe('inactive');
    const [handed] = await server.db.select({ ownerId: customers.ownerId }).from(customers).where(eq(customers.id, customer?.id ?? 0));
    expect(handed?.ownerId).toBeNull();
    const open = await server.db.select().from(sessions).where(and(eq(sessions.staffId, gone.id), isNull(sessions.revokedAt)));
    expect(open).toEqual([]);
    // The conflicted people are left as they were: u104 keeps their phone, u500 is not created.
    expect((await staffByWecom('u104')).phone).toBe('17700000104');
    expect(await server.db.select().from(staff).where(eq(staff.wecomUserId, 'u500'))).toEqual([]);

    // u102 re-enabled in the directory: reactivated.
    directory.person('u102').status = 'active';
    const back = await post<AdminDirectoryPlan>('preview');
    expect(back.body.data.people.map((person) => [person.directoryId, person.action])).toEqual([['u102', 'reactivate']]);
    expect((await post('apply', { fingerprint: back.body.data.fingerprint })).status).toBe(200);
    expect((await staffByWecom('u102')).status).toBe('active');
    expect(wecom.problems).toEqual([]);
  });

  it('runs the daily sync once a day and tells the administrators about conflicts', async () => {
    const saved = await post<AdminDirectoryStatus>('save', {
      provider: 'wecom',
      dailySync: true,
      mappings: (await post<AdminDirectoryStatus>('status')).body.data.mappings.map((mapping) => ({ departmentId: mapping.departmentId, siteId: mapping.siteId })),
    });
    expect(saved.status).toBe(200);
    const directory = directoryOf(wecom);
    directory.people.push({ userId: 'u600', name: '每日同步新人', mobile: '17700006000', departments: [15], leaderIn: [], status: 'active' });
    // 01:00 China time: not yet.
    const early = await server.app.noticeScheduler.runJob(DIRECTORY_SYNC_JOB, new Date('2026-12-01T17:00:00Z'));
    expect(early).toEqual({ ran: true, counts: {} });
    const first = await server.app.noticeScheduler.runJob(DIRECTORY_SYNC_JOB, new Date('2026-12-01T19:00:00Z'));
    expect(first.counts).toMatchObject({ create: 1, conflicts: 2 });
    expect((await staffByWecom('u600')).status).toBe('active');
    const told = await server.db.select().from(notices).where(eq(notices.kind, 'directoryConflict'));
    const [admin] = await server.db.select({ id: staff.id }).from(staff).where(eq(staff.phone, DEMO_ADMINISTRATOR.phone));
    expect(told.map((notice) => notice.staffId)).toContain(admin?.id);
    expect(told[0]?.body).toContain('2 项冲突');
    // The same day again: nothing.
    directory.people.push({ userId: 'u601', name: '次日新人', mobile: '17700006001', departments: [15], leaderIn: [], status: 'active' });
    expect((await server.app.noticeScheduler.runJob(DIRECTORY_SYNC_JOB, new Date('2026-12-01T23:00:00Z'))).counts).toEqual({});
    expect(await server.db.select().from(staff).where(eq(staff.wecomUserId, 'u601'))).toEqual([]);
    const status = await post<AdminDirectoryStatus>('status');
    expect(status.body.data.lastRun).toMatchObject({ kind: 'scheduled', error: null });
  });

  it('has two instances running the daily sync at once create each person once', async () => {
    const directory = directoryOf(wecom);
    for (let index = 0; index < 40; index += 1) {
      directory.people.push({ userId: `n${index}`, name: `并发新人${index}`, mobile: `1770001${String(index).padStart(4, '0')}`, departments: [16], leaderIn: [], status: 'active' });
    }
    const url = server.config.databaseUrl;
    let second: FastifyInstance = server.app;
    let close = async (): Promise<void> => undefined;
    if (url) {
      const database = await openDatabase({ databaseUrl: url });
      second = await buildTestApp(database, server.config);
      close = async () => {
        await second.close();
        await database.close();
      };
    }
    try {
      const at = new Date('2026-12-02T19:00:00Z');
      const runs = await Promise.all([server.app.noticeScheduler.runJob(DIRECTORY_SYNC_JOB, at), second.noticeScheduler.runJob(DIRECTORY_SYNC_JOB, at)]);
      expect(runs.map((run) => run.counts.create ?? 0).sort()).toEqual([0, 41]);
    } finally {
      await close();
    }
    const [count] = await server.db.select({ n: sql<number>`count(*)::int` }).from(staff).where(inArray(staff.wecomUserId, ['u601', ...Array.from({ length: 40 }, (_, index) => `n${index}`)]));
    expect(count?.n).toBe(41);
    const [dupes] = await server.db.execute<{ n: number }>(sql`select count(*)::int as n from (select wecom_user_id from staff where wecom_user_id is not null group by wecom_user_id having count(*) > 1) d`).then((result) => (result as unknown as { rows: { n: number }[] }).rows);
    expect(dupes?.n).toBe(0);
  });
});

describe('企业微信: 离职交接人', () => {
  it('hands a leaver’s customers to the mapping’s colleague, to the pool when the colleague leaves too; refuses a bad colleague', async () => {
    const directory = directoryOf(wecom);
    // 通讯录小组5 (department 14): u025 leaves, u046 takes their customers. 通讯录小组6 (15): u047 leaves, and so does their colleague u026.
    const [leaver, colleague, leaver2, colleague2, elsewhere] = await Promise.all(['u025', 'u046', 'u047', 'u026', 'u004'].map(staffByWecom));
    if (!leaver || !colleague || !leaver2 || !colleague2 || !elsewhere) throw new Error('people missing');
    const current = (await post<AdminDirectoryStatus>('status')).body.data.mappings;
    const site5 = current.find((mapping) => mapping.departmentId === '14')?.siteId ?? 0;
    const site6 = current.find((mapping) => mapping.departmentId === '15')?.siteId ?? 0;
    const mappingsWith = (handover: Record<string, unknown>) =>
      current.map((mapping) => ({ departmentId: mapping.departmentId, siteId: mapping.siteId, ...(handover[mapping.departmentId] === undefined ? {} : { handoverStaffId: handover[mapping.departmentId] }) }));

    // Refused: someone of another site, a wrong type, a colleague for a site still to be created.
    const notMember = await post('save', { provider: 'wecom', dailySync: false, mappings: mappingsWith({ '15': elsewhere.id }) });
    expect(notMember.status).toBe(400);
    expect(notMember.body.msg).toContain('交接人须为该站点的在职员工');
    const wrongType = await post('save', { provider: 'wecom', dailySync: false, mappings: mappingsWith({ '15': 'u026' }) });
    expect(wrongType.status).toBe(400);
    const newSite = await post('save', {
      provider: 'wecom',
      dailySync: false,
      mappings: [...mappingsWith({}).filter((mapping) => mapping.departmentId !== '1'), { departmentId: '1', parentSiteId: null, handoverStaffId: colleague.id }],
    });
    expect(newSite.status).toBe(400);
    expect(newSite.body.msg).toContain('不能指定离职交接人');

    const saved = await post<AdminDirectoryStatus>('save', { provider: 'wecom', dailySync: false, mappings: mappingsWith({ '14': colleague.id, '15': colleague2.id }) });
    expect(saved.status, saved.body.msg).toBe(200);
    expect(saved.body.data.mappings.find((mapping) => mapping.departmentId === '14')).toMatchObject({ handoverStaffId: colleague.id, handoverName: '同步员工46' });

    const owned = await server.db
      .insert(customers)
      .values([
        { name: '交接客户甲', contactName: '王', phone: '13912340001', qrToken: 'directory-handover-qr-1', siteId: site5, ownerId: leaver.id, level: 'A' },
        { name: '交接客户乙', contactName: '李', phone: '13912340002', qrToken: 'directory-handover-qr-2', siteId: site6, ownerId: leaver2.id, level: 'A' },
      ])
      .returning({ id: customers.id });
    directory.person('u025').status = 'disabled';
    directory.person('u047').status = 'disabled';
    directory.people = directory.people.filter((person) => person.userId !== 'u026');

    const preview = await post<AdminDirectoryPlan>('preview');
    expect(preview.status, preview.body.msg).toBe(200);
    const plan = preview.body.data;
    const changesOf = (id: string) => plan.people.find((person) => person.directoryId === id)?.changes.join('；') ?? '';
    expect(changesOf('u025')).toContain('通讯录小组5 → 同步员工46');
    expect(changesOf('u047')).toContain('通讯录小组6 → 站点公海（交接人 同步员工26 也将离职）');
    expect(changesOf('u026')).toContain('通讯录小组6 → 站点公海（交接人即本人）');

    const applied = await post<AdminDirectoryApplyResult>('apply', { fingerprint: plan.fingerprint });
    expect(applied.status, applied.body.msg).toBe(200);
    const owners = await server.db.select({ id: customers.id, ownerId: customers.ownerId }).from(customers).where(inArray(customers.id, owned.map((row) => row.id)));
    expect(owners.find((row) => row.id === owned[0]?.id)?.ownerId).toBe(colleague.id);
    expect(owners.find((row) => row.id === owned[1]?.id)?.ownerId).toBeNull();
    // The same audit entry as the console's 离职.
    const [entry] = await server.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.deactivate'), eq(auditLog.targetId, leaver.id)));
    expect(entry?.detail).toContain('通讯录小组5 1 位客户 → 同步员工46');
    expect((await staffByWecom('u025')).status).toBe('inactive');
    expect((await staffByWecom('u026')).status).toBe('inactive');
    expect(wecom.problems).toEqual([]);
  });
});

describe('企业微信 leaders', () => {
  it('reads is_leader_in_dept at the department’s position in the user’s list, not at its id', async () => {
    const standIn = await new HostStandIn('wecom', { id: 'ww-leader', secret: 'leader-secret' }).start();
    installDirectory(standIn, new HostStandIn('dingtalk', { id: 'x', secret: 'y' }));
    directoryOf(standIn).set({
      departments: [
        { id: 1, name: '全公司', parentId: null },
        { id: 2, name: '二部', parentId: 1 },
      ],
      people: [
        // Leads 1 (position 0), not 2; by id, flags[1] is 0 and flags[2] does not exist.
        { userId: 'a', name: '甲', departments: [1, 2], leaderIn: [1], status: 'active' },
        // Leads 2, listed first.
        { userId: 'b', name: '乙', departments: [2, 1], leaderIn: [2], status: 'disabled' },
      ],
    });
    try {
      const snapshot = await new WecomDirectory(new WecomApi({ corpId: 'ww-leader', corpSecret: 'leader-secret', agentId: 1, apiBase: standIn.url })).snapshot();
      expect(snapshot.people.find((person) => person.userId === 'a')).toMatchObject({
        active: true,
        mobile: null,
        departments: [
          { departmentId: '1', isLeader: true },
          { departmentId: '2', isLeader: false },
        ],
      });
      expect(snapshot.people.find((person) => person.userId === 'b')).toMatchObject({
        active: false,
        departments: [
          { departmentId: '2', isLeader: true },
          { departmentId: '1', isLeader: false },
        ],
      });
      expect(standIn.problems).toEqual([]);
    } finally {
      await standIn.close();
    }
  });
});

describe('钉钉', () => {
  it('walks the departments, pages the people by cursor and syncs them with their leaders', async () => {
    const people: StandInPerson[] = Array.from({ length: 230 }, (_, index) => ({
      userId: `d${String(index).padStart(3, '0')}`,
      name: `钉钉员工${index}`,
      mobile: `1760000${String(index).padStart(4, '0')}`,
      departments: [index < 200 ? 501 : 502],
      leaderIn: index === 0 || index === 200 ? [index === 0 ? 501 : 502] : [],
      status: index === 229 ? 'inactive' : 'active',
    }));
    directoryOf(dingtalk).set({
      departments: [
        { id: 1, name: '钉钉公司', parentId: null },
        { id: 500, name: '钉钉销售部', parentId: 1 },
        { id: 501, name: '钉钉一组', parentId: 500 },
        { id: 502, name: '钉钉二组', parentId: 500 },
      ],
      people,
    });
    const tree = await post<AdminDirectoryTree>('tree', { provider: 'dingtalk' });
    expect(tree.body.data.departments.map((department) => [department.id, department.parentId, department.memberCount])).toEqual([
      ['500', null, 0],
      ['501', '500', 200],
      ['502', '500', 30],
    ]);
    const saved = await post<AdminDirectoryStatus>('save', { provider: 'dingtalk', dailySync: false, mappings: [{ departmentId: '501', parentSiteId: null, region: '钉钉区' }, { departmentId: '502' }] });
    expect(saved.status).toBe(200);
    const plan = (await post<AdminDirectoryPlan>('preview')).body.data;
    expect(plan.sites.map((site) => site.name)).toEqual(['钉钉一组', '钉钉二组']);
    // d229 has not activated DingTalk: not created.
    expect(plan.people).toHaveLength(229);
    expect((await post('apply', { fingerprint: plan.fingerprint })).status).toBe(200);
    const [leader] = await server.db.select().from(staff).where(eq(staff.dingtalkUserId, 'd200'));
    expect(await positionsOf(leader?.id ?? 0)).toEqual([{ siteName: '钉钉二组', isLeader: true }]);
    const [salesperson] = await server.db.select().from(staff).where(eq(staff.dingtalkUserId, 'd150'));
    expect(await positionsOf(salesperson?.id ?? 0)).toEqual([{ siteName: '钉钉一组', isLeader: false }]);
    // 200 people in 一组: two pages of 100 and a third asked with the cursor handed out.
    const pages = dingtalk.requests.filter((request) => request.path === '/topapi/v2/user/list' && JSON.parse(request.body.toString()).dept_id === 501);
    expect(pages.map((request) => JSON.parse(request.body.toString()).cursor)).toContain(100);
    expect(dingtalk.problems).toEqual([]);
    const mapped = await server.db.select().from(directoryMappings).where(eq(directoryMappings.provider, 'dingtalk'));
    expect(mapped.every((mapping) => mapping.siteId !== null)).toBe(true);
  });

  it('says in Chinese when the directory cannot be read, without a secret', async () => {
    dingtalk.expireTokens();
    const original = dingtalk.credentials.secret;
    (dingtalk.credentials as { secret: string }).secret = 'rotated';
    try {
      const failed = await post('preview');
      expect(failed.status).toBe(400);
      expect(failed.body.msg).toContain('读取钉钉通讯录失败');
      expect(failed.body.msg).not.toContain(DINGTALK.appSecret);
    } finally {
      (dingtalk.credentials as { secret: string }).secret = original;
    }
  });

  it('is for administrators only', async () => {
    const salesperson = await login(server.app, PHONES.liNa);
    const refused = await post('status', undefined, salesperson.token);
    expect(refused.status).toBe(403);
  });
});
