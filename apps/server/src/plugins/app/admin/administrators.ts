/**
 * 系统管理员: a flag on a staff member, independent of positions. An administrator manages the
 * organisation; the flag grants no sales data by itself. The first one is made on the command line
 * (`npm run admin -- create`), since on an empty database nobody can sign in to make one.
 */
import { hash } from '@node-rs/argon2';
import { isMobile, maskPhone } from '@sales/contract';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { staff } from '../../../db/schema.js';
import { newPassword } from '../../../lib/crypto.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import { appendAudit, COMMAND_LINE } from '../audit.js';

/** What the server's log and /healthz say while the organisation has no active administrator. */
export const NO_ADMINISTRATOR_HINT = '尚无系统管理员：请运行 npm run admin -- create --phone 1xxxxxxxxxx --name 姓名 创建（会打印一次性密码，首次登录须修改）';

export const LAST_ADMINISTRATOR = '这是最后一位系统管理员，请先指定另一位管理员';

/** Whether any active staff member is an administrator. */
export async function hasActiveAdministrator(db: Db | Tx): Promise<boolean> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.isAdmin, true), eq(staff.status, 'active')))
    .limit(1);
  return row !== undefined;
}

/**
 * Refuses (409) a change that would leave no active administrator: `staffId` is about to stop
 * being one (deactivated, deleted, or the flag taken). Locks the administrators' rows so that two
 * such changes at once cannot both pass.
 */
export async function keepAnotherAdministrator(tx: Tx, staffId: number): Promise<void> {
  const admins = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.isAdmin, true), eq(staff.status, 'active')))
    .for('update');
  if (!admins.some((row) => row.id === staffId)) return;
  if (admins.length <= 1) throw conflict(LAST_ADMINISTRATOR);
}

export interface CreatedAdministrator {
  id: number;
  phone: string;
  username: string;
  /** Shown once; the first sign-in must replace it. */
  oneTimePassword: string;
}

/**
 * Creates a new staff member without positions who is an administrator, with a one-time password
 * that the first sign-in must replace. A phone of an active staff member is refused (409): that
 * person is made an administrator with `grantAdministrator`, keeping their password.
 */
export async function createAdministrator(db: Db, input: { phone: string; name: string }): Promise<CreatedAdministrator> {
  const phone = input.phone.trim();
  const name = input.name.trim();
  if (!isMobile(phone)) throw badRequest('请输入正确的手机号');
  if (name.length === 0 || name.length > 32) throw badRequest('姓名须为 1–32 个字');
  const oneTimePassword = newPassword();
  const passwordHash = await hash(oneTimePassword);
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.phone, phone), eq(staff.status, 'active')));
    if (current) throw conflict('该手机号已是在职员工，请用 npm run admin -- grant --phone 手机号 设为管理员');
    const [created] = await tx
      .insert(staff)
      .values({ username: name, phone, passwordHash, isAdmin: true, mustChangePassword: true })
      .returning({ id: staff.id });
    if (!created) throw new Error('the administrator was not created');
    await appendAudit(tx, {
      action: 'admin.create',
      actorId: null,
      targetId: created.id,
      detail: `命令行创建系统管理员 ${name} ${maskPhone(phone)}`,
      before: null,
      after: { username: name, phone: maskPhone(phone), isAdmin: true, password: '已签发一次性密码（登录须修改）' },
      client: COMMAND_LINE,
    });
    return { id: created.id, phone, username: name, oneTimePassword };
  });
}

/** Makes the active staff member of `phone` an administrator; their password and sessions stay. */
export async function grantAdministrator(db: Db, phone: string): Promise<{ id: number; username: string }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: staff.id, username: staff.username, isAdmin: staff.isAdmin })
      .from(staff)
      .where(and(eq(staff.phone, phone.trim()), eq(staff.status, 'active')))
      .for('update');
    if (!current) throw badRequest('没有该手机号的在职员工');
    await tx.update(staff).set({ isAdmin: true }).where(eq(staff.id, current.id));
    await appendAudit(tx, {
      action: 'admin.grant',
      actorId: null,
      targetId: current.id,
      detail: `命令行设为系统管理员 ${current.username}`,
      before: { isAdmin: current.isAdmin },
      after: { isAdmin: true },
      client: COMMAND_LINE,
    });
    return { id: current.id, username: current.username };
  });
}

/** The active administrators, for the command line's list. */
export async function listAdministrators(db: Db): Promise<{ id: number; username: string; phone: string }[]> {
  return db
    .select({ id: staff.id, username: staff.username, phone: staff.phone })
    .from(staff)
    .where(and(eq(staff.isAdmin, true), eq(staff.status, 'active')))
    .orderBy(staff.id);
}

/** Takes the flag from the active staff member of `phone`, unless they are the last administrator. */
export async function revokeAdministrator(db: Db, phone: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: staff.id, isAdmin: staff.isAdmin })
      .from(staff)
      .where(and(eq(staff.phone, phone.trim()), eq(staff.status, 'active')));
    if (!current?.isAdmin) throw badRequest('该手机号不是在职的系统管理员');
    await keepAnotherAdministrator(tx, current.id);
    await tx.update(staff).set({ isAdmin: false }).where(and(eq(staff.id, current.id), ne(staff.isAdmin, false)));
    await appendAudit(tx, {
      action: 'admin.revoke',
      actorId: null,
      targetId: current.id,
      detail: '命令行取消系统管理员',
      before: { isAdmin: true },
      after: { isAdmin: false },
      client: COMMAND_LINE,
    });
  });
}

/** How many active administrators there are (tests and the health hint). */
export async function countActiveAdministrators(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staff).where(and(eq(staff.isAdmin, true), eq(staff.status, 'active')));
  return row?.n ?? 0;
}

/**
 * What /healthz says about the first administrator: the setup hint while there is none. Asks the
 * database at most every few seconds, and never again once one exists (the last one cannot be
 * removed through the product).
 */
export function administratorWatch(db: Db, recheckMs = 5_000): { setupHint(): Promise<string | undefined> } {
  let found = false;
  let checkedAt = 0;
  return {
    async setupHint() {
      if (found) return undefined;
      if (Date.now() - checkedAt >= recheckMs) {
        checkedAt = Date.now();
        found = await hasActiveAdministrator(db);
      }
      return found ? undefined : NO_ADMINISTRATOR_HINT;
    },
  };
}
