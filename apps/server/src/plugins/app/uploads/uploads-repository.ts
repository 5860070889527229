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

  async record(upload: UploadRecord): Promise<void> {
    await this.db.insert(uploads).values(upload);
  }

  /** The stored upload under a key, or undefined. */
  async find(key: string): Promise<{ key: string; contentType: string } | undefined> {
    const [row] = await this.db.select({ key: uploads.key, contentType: uploads.contentType }).from(uploads).where(eq(uploads.key, key));
    return row;
  }
}
