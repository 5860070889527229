/**
 * Sessions of demo accounts that survive a fuzz: a request may log a session out, reset the
 * account's password, lock its password login, deactivate it (离职) or take its administrator flag; `heal` puts the account back as it was and logs
 * in again.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.js';
import { positions, staff } from '../../src/db/schema.js';
import { login } from '../../test/helper.js';

interface Saved {
  phone: string;
  id: number;
  passwordHash: string;
  isAdmin: boolean;
  positions: { siteId: number; isLeader: boolean; drawAuth: boolean }[];
}

export class SessionKeeper {
  readonly tokens: Record<string, string> = {};
  private readonly saved = new Map<string, Saved>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Db,
  ) {}

  /** Logs each account in and remembers its credentials row. */
  async open(accounts: Readonly<Record<string, string>>): Promise<void> {
    for (const [role, phone] of Object.entries(accounts)) {
      const [row] = await this.db.select({ id: staff.id, passwordHash: staff.passwordHash, isAdmin: staff.isAdmin }).from(staff).where(eq(staff.phone, phone));
      if (!row) throw new Error(`no account with phone ${phone}`);
      const held = await this.db
        .select({ siteId: positions.siteId, isLeader: positions.isLeader, drawAuth: positions.drawAuth })
        .from(positions)
        .where(eq(positions.staffId, row.id));
      this.saved.set(role, { phone, ...row, positions: held });
      this.tokens[role] = (await login(this.app, phone)).token;
    }
  }

  /** Whether the account's session still works as before (not ended, no forced password change). */
  async isAlive(role: string): Promise<boolean> {
    const response = await this.app.inject({ method: 'POST', url: '/seller/user/info', headers: { authorization: this.tokens[role] ?? '' } });
    if (response.statusCode !== 200) return false;
    const body = JSON.parse(response.body) as { data?: { mustChangePassword?: boolean } };
    return body.data?.mustChangePassword !== true;
  }

  /** Every account as it was, positions included (an administrator's 调岗 leaves the session alive), with a new session. */
  async healAll(): Promise<void> {
    for (const role of this.saved.keys()) await this.heal(role);
  }

  /** Restores the account's password, status (离职 undone) and administrator flag, clears its password-login counters and logs in again. */
  async heal(role: string): Promise<void> {
    const saved = this.saved.get(role);
    if (!saved) throw new Error(`unknown role ${role}`);
    await this.db.transaction(async (tx) => {
      await tx
        .update(staff)
      .set({ passwordHash: saved.passwordHash, mustChangePassword: false, status: 'active', deactivatedAt: null, isAdmin: saved.isAdmin, phone: saved.phone })
        .where(eq(staff.id, saved.id));
      await tx.delete(positions).where(eq(positions.staffId, saved.id));
      if (saved.positions.length > 0) await tx.insert(positions).values(saved.positions.map((position) => ({ staffId: saved.id, ...position })));
    });
    await this.app.accounts.staffChanged(saved.id);
    await this.app.throttle.reset(`pwd:phone:${saved.phone}`);
    this.tokens[role] = (await login(this.app, saved.phone)).token;
  }
}
