/**
 * Crashes lose nothing. The real server runs as a child process; a burst of concurrent writes
 * (uploads, weekly and half-month reports with images, follow-ups with images, bindings and
 * transfers, clock-ins) is cut by kill -9 once part of it has been acknowledged. The server then
 * starts again on the same data (PGlite's directory must open cleanly) and, with it stopped, the
 * database is read: every acknowledged write is there with all its parts, and nothing is half
 * written. PGlite by default; PostgreSQL when DATABASE_URL is set (a database of its own, dropped).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { acknowledged, apiCall, type CampaignDatabase, createCampaignDatabase, type ServerProcess, startServer } from './support/server-process.js';

const PASSWORD = 'Demo@2025';
const MARK = `crash-${Date.now()}`;
/** PNG signature plus padding: enough for the upload's content check. */
const IMAGE = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 7)]);

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

interface Member {
  id: number;
  phone: string;
  siteId: number;
  isLeader: boolean;
}

interface Facts {
  members: Member[];
  /** Customers owned by a salesperson at a site: the follow-ups' targets. */
  owned: { id: number; siteId: number; ownerId: number }[];
  /** Customers the leaders bind or transfer (never written to by follow-ups in the burst). */
  movable: { id: number; siteId: number; ownerId: number | null }[];
}

async function readFacts(db: Db): Promise<Facts> {
  const members = await rowsOf<Member>(
    db,
    sql`select s.id, s.phone, p.site_id as "siteId", p.is_leader as "isLeader" from staff s join positions p on p.staff_id = s.id where s.status = 'active' order by s.id, p.site_id`,
  );
  const customers = await rowsOf<{ id: number; siteId: number; ownerId: number | null }>(
    db,
    sql`select id, site_id as "siteId", owner_id as "ownerId" from customers order by id`,
  );
  const owned: Facts['owned'] = [];
  const movable: Facts['movable'] = [];
  const usedOwners = new Map<string, number>();
  for (const customer of customers) {
    const key = `${customer.siteId}:${customer.ownerId}`;
    if (customer.ownerId !== null && (usedOwners.get(key) ?? 0) < 2) {
      usedOwners.set(key, (usedOwners.get(key) ?? 0) + 1);
      owned.push({ id: customer.id, siteId: customer.siteId, ownerId: customer.ownerId });
    } else movable.push(customer);
  }
  return { members, owned, movable };
}

/** Owner and open binding agree for every customer: the invariant a half-done binding would break. */
async function bindingMismatches(db: Db): Promise<unknown[]> {
  return rowsOf(
    db,
    sql`select c.id, c.owner_id, b.staff_id, b.open_count from customers c
        left join lateral (select max(staff_id) as staff_id, count(*)::int as open_count from customer_bindings where customer_id = c.id and unbound_at is null) b on true
        where (c.owner_id is null and b.open_count > 0) or (c.owner_id is not null and (b.open_count <> 1 or b.staff_id <> c.owner_id))`,
  );
}

type Write =
  | { kind: 'upload'; key: string }
  | { kind: 'report'; id: number; reportKind: 'weekly' | 'halfMonth'; staffId: number; summary: string; images: string[] }
  | { kind: 'followUp'; id: number; content: string; images: string[] }
  | { kind: 'bind'; customerId: number; staffId: number }
  | { kind: 'clockIn'; staffId: number; siteId: number };

const keyOf = (url: string) => url.split('/').pop() ?? '';

describe(`kill -9 during a burst of writes (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: CampaignDatabase;
  let server: ServerProcess | undefined;
  let facts: Facts;
  const acked: Write[] = [];
  let attempted = 0;
  let failedByKill = 0;

  beforeAll(async () => {
    database = await createCampaignDatabase('resilience_crash');
    const opened = await database.open();
    facts = await readFacts(opened.db);
    expect(await bindingMismatches(opened.db)).toEqual([]);
    await opened.close();
    server = await startServer(database);
  });

  afterAll(async () => {
    await server?.kill();
    await database.dispose();
  });

  it('keeps every acknowledged write whole and nothing half written, and the data opens after the kill', async () => {
    if (!server) throw new Error('no server');
    const base = server.baseUrl;
    const tokens = new Map<number, string>();
    for (const phone of new Set(facts.members.map((member) => member.phone))) {
      const login = await apiCall<{ token: string; accountInfo: { id: number } }>(base, '/seller/user/v2/login', { body: { phone, password: PASSWORD } });
      expect(login.code, `login ${phone}: ${login.msg}`).toBe(200);
      tokens.set(login.data.accountInfo.id, login.data.token);
    }
    const tokenOf = (staffId: number) => tokens.get(staffId) ?? '';
    const upload = async (staffId: number, signal?: AbortSignal) => {
      const form = new FormData();
      form.append('file', new Blob([IMAGE], { type: 'image/png' }), 'photo.png');
      const answer = await apiCall<{ url: string }>(base, '/seller/upload/img', { token: tokenOf(staffId), form, signal });
      if (acknowledged(answer)) acked.push({ kind: 'upload', key: keyOf(answer.data.url) });
      return answer;
    };

    // Every salesperson's image, acknowledged before the burst, for their reports and follow-ups.
    const salespeople = facts.members.filter((member) => !member.isLeader);
    const imageOf = new Map<number, string>();
    for (const member of salespeople) {
      if (imageOf.has(member.id)) continue;
      const answer = await upload(member.id);
      expect(answer.code).toBe(200);
      imageOf.set(member.id, answer.data.url);
    }

    const jobs: (() => Promise<void>)[] = [];
    for (const member of salespeople) {
      const images = [imageOf.get(member.id) ?? ''];
      for (const [reportKind, prefix] of [
        ['weekly', '/seller/weekly/staff'],
        ['halfMonth', '/seller/halfmonth/staff'],
      ] as const) {
        jobs.push(async () => {
          const before = await apiCall<{ periodStart: string }>(base, `${prefix}/before/create`, { token: tokenOf(member.id), body: { siteId: member.siteId } });
          if (!acknowledged(before)) return;
          const summary = `${MARK} ${reportKind} ${member.id}@${member.siteId}`;
          const answer = await apiCall<{ id: number }>(base, `${prefix}/create`, {
            token: tokenOf(member.id),
            body: { siteId: member.siteId, periodStart: before.data.periodStart, summary, plan: '下周继续拜访重点客户', images },
          });
          if (acknowledged(answer)) acked.push({ kind: 'report', id: answer.data.id, reportKind, staffId: member.id, summary, images });
        });
      }
      jobs.push(async () => {
        const answer = await apiCall(base, '/seller/fenghe/staff/attendance/clock-in', { token: tokenOf(member.id), body: { siteId: member.siteId } });
        if (acknowledged(answer)) acked.push({ kind: 'clockIn', staffId: member.id, siteId: member.siteId });
      });
      jobs.push(async () => {
        await upload(member.id);
      });
    }
    for (const customer of facts.owned) {
      const images = [imageOf.get(customer.ownerId) ?? ''].filter((url) => url !== '');
      jobs.push(async () => {
        const content = `${MARK} follow-up ${customer.id}`;
        const answer = await apiCall<{ id: number }>(base, '/seller/fenghe/staff/followup/create', {
          token: tokenOf(customer.ownerId),
          body: { siteId: customer.siteId, customerId: customer.id, type: '电话', content, images },
        });
        if (acknowledged(answer)) acked.push({ kind: 'followUp', id: answer.data.id, content, images });
      });
    }
    const leaders = facts.members.filter((member) => member.isLeader);
    for (const customer of facts.movable) {
      const leader = leaders.find((member) => member.siteId === customer.siteId);
      const target = salespeople.find((member) => member.siteId === customer.siteId && member.id !== customer.ownerId);
      if (!leader || !target) continue;
      jobs.push(async () => {
        const answer = await apiCall(base, '/seller/fenghe/staff/customer/bind', { token: tokenOf(leader.id), body: { siteId: customer.siteId, customerId: customer.id, staffId: target.id } });
        if (acknowledged(answer)) acked.push({ kind: 'bind', customerId: customer.id, staffId: target.id });
      });
    }
    // Interleave the kinds so the kill lands among all of them.
    const shuffled = jobs.map((job, index) => ({ job, rank: (index * 7919) % jobs.length })).sort((a, b) => a.rank - b.rank);

    const ackedBefore = acked.length;
    const killAt = ackedBefore + Math.floor(jobs.length / 3);
    let killed: Promise<void> | undefined;
    const running = server;
    const queue = shuffled.map((entry) => entry.job);
    const burstStart = new Date(Date.now() - 1000);
    const worker = async () => {
      for (let job = queue.shift(); job && !killed; job = queue.shift()) {
        attempted += 1;
        try {
          await job();
        } catch {
          failedByKill += 1;
        }
        if (!killed && acked.length >= killAt) killed = running.kill();
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    await (killed ?? running.kill());
    console.log(`[crash] ${jobs.length} writes queued, ${attempted} started, ${acked.length - ackedBefore} acknowledged in the burst, ${failedByKill} cut by the kill`);
    expect(acked.length - ackedBefore).toBeGreaterThanOrEqual(Math.floor(jobs.length / 3));

    // The server starts again on the same data (for PGlite: the directory opens after kill -9) and answers.
    const restarted = await startServer(database);
    server = restarted;
    const probe = await apiCall(restarted.baseUrl, '/seller/user/v2/login', { body: { phone: '13800000001', password: PASSWORD } });
    expect(probe.code).toBe(200);
    await restarted.stop();
    server = undefined;

    const opened = await database.open();
    try {
      const db = opened.db;
      const uploadRows = new Map(
        (await rowsOf<{ key: string; size: number }>(db, sql`select key, size from uploads`)).map((row) => [row.key, Number(row.size)]),
      );
      const fileSize = async (key: string) => {
        const stat = await fs.stat(path.join(database.dataDir, 'uploads', key.slice(0, 2), key)).catch(() => null);
        return stat?.size ?? -1;
      };
      /** An image reference is whole when its upload row and its file are both there, the same size. */
      const imageWhole = async (url: string) => {
        const key = keyOf(url);
        return uploadRows.has(key) && (await fileSize(key)) === uploadRows.get(key);
      };

      for (const write of acked) {
        if (write.kind === 'upload') {
          expect(uploadRows.get(write.key), `upload ${write.key}`).toBe(IMAGE.length);
          expect(await fileSize(write.key)).toBe(IMAGE.length);
        } else if (write.kind === 'report') {
          const [row] = await rowsOf<{ summary: string; images: string[]; kind: string; staff_id: number; target_amount_fen: string; order_count: number }>(
            db,
            sql`select summary, images, kind, staff_id, target_amount_fen, order_count from reports where id = ${write.id}`,
          );
          expect(row, `report ${write.id}`).toMatchObject({ summary: write.summary, images: write.images, kind: write.reportKind, staff_id: write.staffId });
          expect(row?.order_count).not.toBeNull();
          expect(row?.target_amount_fen).not.toBeNull();
        } else if (write.kind === 'followUp') {
          const [row] = await rowsOf<{ content: string; images: string[] }>(db, sql`select content, images from follow_ups where id = ${write.id}`);
          expect(row, `follow-up ${write.id}`).toEqual({ content: write.content, images: write.images });
        } else if (write.kind === 'bind') {
          const [row] = await rowsOf<{ owner_id: number; open_staff: number; audited: number }>(
            db,
            sql`select c.owner_id,
                  (select staff_id from customer_bindings where customer_id = c.id and unbound_at is null) as open_staff,
                  (select count(*)::int from audit_log where action in ('customer.bind', 'customer.transfer') and (detail = ${`customer ${write.customerId}`} or detail like ${`customer ${write.customerId} from %`}) and target_id = ${write.staffId}) as audited
                from customers c where c.id = ${write.customerId}`,
          );
          expect(row, `binding of customer ${write.customerId}`).toEqual({ owner_id: write.staffId, open_staff: write.staffId, audited: 1 });
        } else {
          const [row] = await rowsOf<{ clock_in_at: Date | null }>(
            db,
            sql`select clock_in_at from attendance where staff_id = ${write.staffId} and site_id = ${write.siteId} and day = (now() at time zone 'Asia/Shanghai')::date`,
          );
          expect(row?.clock_in_at, `clock-in of ${write.staffId}@${write.siteId}`).toBeTruthy();
        }
      }

      // Nothing half written, acknowledged or not: every report and follow-up of the burst has all its images,
      // every customer's owner agrees with its open binding, every binding change has its audit entry.
      const written = await rowsOf<{ images: string[] }>(
        db,
        sql`select images from reports where summary like ${`${MARK}%`} union all select images from follow_ups where content like ${`${MARK}%`}`,
      );
      expect(written.length).toBeGreaterThanOrEqual(acked.filter((write) => write.kind === 'report' || write.kind === 'followUp').length);
      for (const row of written) for (const url of row.images) expect(await imageWhole(url), `image ${url}`).toBe(true);
      expect(await bindingMismatches(db)).toEqual([]);
      const [changes] = await rowsOf<{ bindings: number; audits: number }>(
        db,
        sql`select (select count(*)::int from customer_bindings where kind in ('bind', 'transfer') and bound_at >= ${burstStart}) as bindings,
                   (select count(*)::int from audit_log where action in ('customer.bind', 'customer.transfer') and created_at >= ${burstStart}) as audits`,
      );
      expect(changes?.audits).toBe(changes?.bindings);
    } finally {
      await opened.close();
    }
  });
});
