/**
 * The phone's outbox (issue 19 §1): a field write that could not be sent waits here, in IndexedDB,
 * until the connection returns. Shared by the app (window) and the service worker's outbox script,
 * so nothing here imports the app's modules.
 */

export type OutboxState = 'waiting' | 'sending' | 'failed';

/** What a queued write is about, so each place can show its own 待发送 items. */
export type OutboxContext =
  | { kind: 'followUp'; customerId: number; content: string; type: string }
  | { kind: 'clock'; clock: 'in' | 'out' }
  | { kind: 'report'; report: 'weekly' | 'halfMonth'; periodStart: string };

export interface OutboxItem {
  /** The Idempotency-Key of the write, made at the tap and kept for every retry. */
  id: string;
  /** The user who wrote it: only their session ever sends it. */
  userId: number;
  /** Endpoint path (a POST of the contract's table). */
  path: string;
  /** The body as it will be sent, the site already in it. */
  body: unknown;
  /** Epoch ms of the tap; the queue is sent oldest first. */
  createdAt: number;
  state: OutboxState;
  /** While 'sending': the sender's lease ends then (another sender may take the item after). */
  leaseUntil?: number;
  /** When 'failed': the server's message. */
  message?: string;
  context: OutboxContext;
  /** The keys of the photos it held, once their references in the body were replaced (deleted when it is sent). */
  photos?: string[];
}

/** The signed-in user, kept for the service worker (written at sign-in, deleted at logout). */
export interface OutboxSession {
  userId: number;
  token: string;
}

/** What became of one attempt. */
export type SendOutcome =
  | { kind: 'sent'; data: unknown }
  /** Network failure, time-out or 5xx: keep it, try later. */
  | { kind: 'retry' }
  /** A 4xx other than 401: the server refused it; its message is kept. */
  | { kind: 'rejected'; message: string }
  /** 401: the session ended; stop. */
  | { kind: 'unauthorized' };

/**
 * A photo picked while its upload could not be sent: kept here under the local reference
 * `outbox-photo:<id>` (what the form put in the body) until the write that holds it is sent.
 */
export interface OutboxPhoto {
  /** The upload's Idempotency-Key, made when the photo was picked. */
  id: string;
  /** The user who picked it: only their session ever uploads it. */
  userId: number;
  blob: Blob;
  fileName: string;
  /** Epoch ms when it was kept (photos no item holds are cleaned up after a day). */
  createdAt: number;
}

/** The storage the sender works on (IndexedDB in the app and the worker, memory in tests). */
export interface OutboxStore {
  /** All items, oldest first. */
  list(): Promise<OutboxItem[]>;
  put(item: OutboxItem): Promise<void>;
  remove(id: string): Promise<void>;
  get(id: string): Promise<OutboxItem | undefined>;
  getSession(): Promise<OutboxSession | null>;
  setSession(session: OutboxSession | null): Promise<void>;
  putPhoto(photo: OutboxPhoto): Promise<void>;
  getPhoto(id: string): Promise<OutboxPhoto | undefined>;
  removePhoto(id: string): Promise<void>;
  listPhotos(): Promise<OutboxPhoto[]>;
  /** Logouts the server has not heard yet (pending-logout.ts): their tokens, oldest first. */
  listPendingLogouts(): Promise<PendingLogout[]>;
  addPendingLogout(logout: PendingLogout): Promise<void>;
  removePendingLogout(token: string): Promise<void>;
}

/**
 * A logout made without a network: the phone has forgotten the session, the server has not. Its
 * token is kept for that call only, until the server has answered it.
 */
export interface PendingLogout {
  token: string;
  /** Epoch ms of the logout. */
  createdAt: number;
}
