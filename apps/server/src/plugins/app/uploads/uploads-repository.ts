/** The uploads table: which stored file belongs to whom, its type and name. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { uploads } from '../../../db/schema.js';

export interface UploadRecord {
  key: string;
  ownerId: number;
  contentType: string;
  size: number;
  originalName: string;
}

export class UploadsRepository {
  constructor(private readonly db: Db) {}

  /** `db` is the transaction of the call's Idempotency-Key when it has one. */
  async record(upload: UploadRecord, db: Db = this.db): Promise<void> {
    await db.insert(uploads).values(upload);
  }

  /** The stored upload under a key, or undefined. */
  async find(key: string): Promise<{ key: string; contentType: string } | undefined> {
    const [row] = await this.db.select({ key: uploads.key, contentType: uploads.contentType }).from(uploads).where(eq(uploads.key, key));
    return row;
  }
}
