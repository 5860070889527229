/**
 * The delivery worker: started with the app (NOTICE_DISPATCHER, off in tests unless started),
 * it claims due deliveries with `FOR UPDATE SKIP LOCKED` — any number of instances claim
 * disjoint batches — and leases them (next_attempt_at moves past the send), so a crash mid-send
 * only delays a retry. Sent → `sent`; nothing to send to → `skipped`; a failure → retried after
 * base × 2^(attempt−1) (capped), and `failed` after the last attempt. Log lines name the
 * delivery, channel, attempt and a description without secrets.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { NoticeKind } from '@sales/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../../db/client.js';
import { noticeDeliveries, notices, staff } from '../../../../db/schema.js';
import { describeFailure, DeliveryError, type ChannelName, type DeliveryChannel, type DeliveryJob } from './channel.js';
import { onDeliveriesQueued } from './outbox.js';

export interface DispatcherOptions {
  /** Deliveries claimed per tick. */
  batchSize: number;
  maxAttempts: number;
  /** The first retry's delay; each further one doubles, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a claimed delivery stays out of other instances' reach while it is being sent. */
  leaseMs: number;
  /** Ticks of the running worker. */
  intervalMs: number;
  /** Secrets no log line or last_error may contain (tokens, keys), beyond what channels strip. */
  secrets: readonly string[];
}

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  batchSize: 20,
  maxAttempts: 5,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60 * 1000,
  leaseMs: 2 * 60 * 1000,
  intervalMs: 5_000,
  secrets: [],
};

/** The delay before attempt `attempt + 1` after attempt `attempt` failed. */
export function backoffMs(attempt: number, options: Pick<DispatcherOptions, 'baseDelayMs' | 'maxDelayMs'>): number {
  return Math.min(options.baseDelayMs * 2 ** Math.max(attempt - 1, 0), options.maxDelayMs);
}

export interface TickReport {
  claimed: number;
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
}

export class NoticeDispatcher {
  private readonly options: DispatcherOptions;
  private readonly channels: Map<ChannelName, DeliveryChannel>;
  private timer: NodeJS.Timeout | undefined;
  private nudge: NodeJS.Timeout | undefined;
  private running: Promise<TickReport> | undefined;
  private stopWaking: (() => void) | undefined;
  private stopped = true;

  constructor(
    private readonly db: Db,
    channels: readonly DeliveryChannel[],
    private readonly log: FastifyBaseLogger,
    options: Partial<DispatcherOptions> = {},
  ) {
    this.options = { ...DEFAULT_DISPATCHER_OPTIONS, ...options };
    this.channels = new Map(channels.map((channel) => [channel.name, channel]));
  }

  /** Claims up to a batch of due deliveries for this instance (others skip the locked rows). */
  async claim(): Promise<DeliveryJob[]> {
    const due = this.db
      .select({ id: noticeDeliveries.id })
      .from(noticeDeliveries)
      .where(and(eq(noticeDeliveries.status, 'pending'), lte(noticeDeliveries.nextAttemptAt, sql`now()`)))
      .orderBy(asc(noticeDeliveries.nextAttemptAt), asc(noticeDeliveries.id))
      .limit(this.options.batchSize)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(noticeDeliveries)
      .set({ attempts: sql`${noticeDeliveries.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${this.options.leaseMs / 1000})` })
      .where(inArray(noticeDeliveries.id, due))
      .returning({ id: noticeDeliveries.id, noticeId: noticeDeliveries.noticeId, channel: noticeDeliveries.channel, attempts: noticeDeliveries.attempts });
    if (claimed.length === 0) return [];
    const details = await this.db
      .select({
        noticeId: notices.id,
        kind: notices.kind,
        dedupeKey: notices.dedupeKey,
        title: notices.title,
        body: notices.body,
        link: notices.link,
        siteId: notices.siteId,
        staffId: staff.id,
        name: staff.username,
        phone: staff.phone,
        wecomUserId: staff.wecomUserId,
        dingtalkUserId: staff.dingtalkUserId,
      })
      .from(notices)
      .innerJoin(staff, eq(staff.id, notices.staffId))
      .where(inArray(notices.id, [...new Set(claimed.map((row) => row.noticeId))]));
    const byNotice = new Map(details.map((row) => [row.noticeId, row]));
    return claimed
      .sort((a, b) => a.id - b.id)
      .flatMap((row) => {
        const notice = byNotice.get(row.noticeId);
        if (!notice) return [];
        return [
          {
            deliveryId: row.id,
            channel: row.channel as ChannelName,
            attempt: row.attempts,
            notice: { id: notice.noticeId, kind: notice.kind as NoticeKind, dedupeKey: notice.dedupeKey, title: notice.title, body: notice.body, link: notice.link, siteId: notice.siteId },
            recipient: { staffId: notice.staffId, name: notice.name, phone: notice.phone, wecomUserId: notice.wecomUserId, dingtalkUserId: notice.dingtalkUserId },
          },
        ];
      });
  }

  /** One round: claims a batch, sends each delivery and records the outcome. */
  async tick(): Promise<TickReport> {
    const report: TickReport = { claimed: 0, sent: 0, skipped: 0, retried: 0, failed: 0 };
    const jobs = await this.claim();
    report.claimed = jobs.length;
    for (const job of jobs) {
      const outcome = await this.deliver(job);
      report[outcome] += 1;
    }
    return report;
  }

  private async deliver(job: DeliveryJob): Promise<'sent' | 'skipped' | 'retried' | 'failed'> {
    const where = eq(noticeDeliveries.id, job.deliveryId);
    const channel = this.channels.get(job.channel);
    try {
      if (!channel) throw new DeliveryError(`channel ${job.channel} is not configured on this instance`, false);
      const result = await channel.send(this.db, job);
      if (result.status === 'sent') {
        await this.db.update(noticeDeliveries).set({ status: 'sent', sentAt: sql`now()`, lastError: null }).where(where);
        return 'sent';
      }
      await this.db.update(noticeDeliveries).set({ status: 'skipped', lastError: result.reason.slice(0, 256) }).where(where);
      return 'skipped';
    } catch (error) {
      const description = describeFailure(error, this.options.secrets);
      const retry = (!(error instanceof DeliveryError) || error.retry) && job.attempt < this.options.maxAttempts;
      const entry = { deliveryId: job.deliveryId, noticeId: job.notice.id, channel: job.channel, attempt: job.attempt, error: description };
      if (retry) {
        const delay = backoffMs(job.attempt, this.options);
        await this.db
          .update(noticeDeliveries)
          .set({ lastError: description, nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})` })
          .where(where);
        this.log.warn({ ...entry, retryInMs: delay }, 'notice delivery failed; will retry');
        return 'retried';
      }
      await this.db.update(noticeDeliveries).set({ status: 'failed', lastError: description }).where(where);
      this.log.error(entry, 'notice delivery failed; giving up');
      return 'failed';
    }
  }

  /** Runs a tick unless one is running (then waits for it); errors are logged, not thrown. */
  async runOnce(): Promise<TickReport | undefined> {
    // A tick under way is waited for (its failure was logged by the call that started it).
    if (this.running) return this.running.catch(() => undefined);
    this.running = this.tick();
    try {
      return await this.running;
    } catch (error) {
      this.log.error({ error: describeFailure(error, this.options.secrets) }, 'notice dispatcher tick failed');
      return undefined;
    } finally {
      this.running = undefined;
    }
  }

  /** Starts ticking every intervalMs, and soon after deliveries are queued in this process. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = async () => {
      if (this.stopped) return;
      const report = await this.runOnce();
      if (this.stopped) return;
      // A full batch means more may be due: go on at once.
      this.timer = setTimeout(() => void loop(), report && report.claimed === this.options.batchSize ? 0 : this.options.intervalMs);
    };
    this.stopWaking = onDeliveriesQueued(() => {
      if (this.stopped || this.nudge) return;
      // After the creating transaction has had time to commit; a later commit waits for the next tick.
      this.nudge = setTimeout(() => {
        this.nudge = undefined;
        void this.runOnce();
      }, 300);
    });
    this.timer = setTimeout(() => void loop(), 0);
  }

  /** Stops ticking and waits for a running tick to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.nudge);
    this.nudge = undefined;
    this.stopWaking?.();
    if (this.running) await this.running.catch(() => undefined);
  }
}
