/**
 * npm run admin -- create --phone 13900000000 --name 姓名   a new administrator; prints a one-time password
 * npm run admin -- grant --phone 13900000000                 makes an active staff member an administrator
 * npm run admin -- revoke --phone 13900000000                takes the flag (never from the last one)
 * npm run admin -- list                                      the active administrators
 *
 * Works on the database of DATABASE_URL, or the PGlite database in DATA_DIR (PGlite opens in one
 * process at a time: stop the server first). Like every command it migrates the database first.
 */
import { parseArgs } from 'node:util';

const USAGE = [
  'usage: npm run admin -- create --phone 1xxxxxxxxxx --name 姓名',
  '       npm run admin -- grant --phone 1xxxxxxxxxx',
  '       npm run admin -- revoke --phone 1xxxxxxxxxx',
  '       npm run admin -- list',
].join('\n');

const { positionals, values } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: { phone: { type: 'string' }, name: { type: 'string' } },
  strict: false,
});
const command = positionals[0];
const phone = typeof values.phone === 'string' ? values.phone : undefined;
const name = typeof values.name === 'string' ? values.name : undefined;
const needsPhone = command === 'create' || command === 'grant' || command === 'revoke';
if (!command || !['create', 'grant', 'revoke', 'list'].includes(command) || (needsPhone && !phone) || (command === 'create' && !name)) {
  console.error(USAGE);
  process.exit(2);
}

// The server's modules (the database, its migrations, the routes' code) load only for a command
// that will run: a mistyped one answers with its usage at once rather than after seconds of loading.
const [{ configuredDatabase, openDatabase }, { loadConfig }, { AppError }, { createAdministrator, grantAdministrator, listAdministrators, revokeAdministrator }] = await Promise.all([
  import('../src/db/client.js'),
  import('../src/env.js'),
  import('../src/lib/errors.js'),
  import('../src/plugins/app/admin/administrators.js'),
]);
const config = loadConfig();
const database = await openDatabase(configuredDatabase(config));
let exitCode = 0;
try {
  if (command === 'create' && phone && name) {
    const created = await createAdministrator(database.db, { phone, name });
    console.log(`系统管理员 ${created.username}（${created.phone}）已创建。`);
    console.log(`一次性密码：${created.oneTimePassword}`);
    console.log('首次登录（手机端或管理后台 /admin/）须先修改密码。此密码只显示这一次。');
  } else if (command === 'grant' && phone) {
    const granted = await grantAdministrator(database.db, phone);
    console.log(`${granted.username}（${phone}）已设为系统管理员，密码不变。`);
  } else if (command === 'revoke' && phone) {
    await revokeAdministrator(database.db, phone);
    console.log(`${phone} 已不再是系统管理员。`);
  } else {
    const admins = await listAdministrators(database.db);
    if (admins.length === 0) console.log('尚无系统管理员。');
    for (const admin of admins) console.log(`${admin.id}\t${admin.username}\t${admin.phone}`);
  }
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(error.message);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
