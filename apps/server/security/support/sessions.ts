/**
 * Sessions of demo accounts that survive a fuzz: a request may log a session out, reset the
 * account's password or lock its password login; `heal` puts the account back as it was and logs
 * in again.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.js';
import { staff } from '../../src/db/schema.js';
import { login } from '../../test/helper.js';

interface Saved {
  phone: string;
  id: number;
  passwordHash: string;
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
      const [row] = await this.db.select({ id: staff.id, passwordHash: staff.passwordHash }).from(staff).where(eq(staff.phone, phone));
      if (!row) throw new Error(`no account with phone ${phone}`);
      this.saved.set(role, { phone, ...row });
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

  /** Restores the account's password and status, clears its password-login counters and logs in again. */
  async heal(role: string): Promise<void> {
    const saved = this.saved.get(role);
    if (!saved) throw new Error(`unknown role ${role}`);
    await this.db
      .update(staff)
      .set({ passwordHash: saved.passwordHash, mustChangePassword: false, status: 'active', phone: saved.phone })
      .where(eq(staff.id, saved.id));
    await this.app.throttle.reset(`pwd:phone:${saved.phone}`);
    this.tokens[role] = (await login(this.app, saved.phone)).token;
  }
}
