/** Versions the clients report at start (/seller/version/update). */
import type { Db } from '../../db/client.js';
import { clientVersions } from '../../db/schema.js';

export class ClientVersions {
  constructor(private readonly db: Db) {}

  async record(report: { version: string; versionCode: number | undefined; platform: string | undefined; staffId: number | undefined }): Promise<void> {
    await this.db.insert(clientVersions).values(report);
  }
}
