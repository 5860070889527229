/**
 * Where every /seller endpoint lives (SPEC §7 paths), under its operation name. Plain strings
 * without schemas, so the web's first-load chunks carry only the paths they call; the method and
 * schemas of each endpoint are in endpoints.ts, under the same name.
 *
 * The name is the resource followed by the action (`customerList`); the web function calling it
 * is named after it (`getCustomerList`, `bindCustomer`), and the OpenAPI operationId is the name.
 */

export * from './routes/session.js';
export * from './routes/user.js';
export * from './routes/version.js';
export * from './routes/upload.js';
export * from './routes/customers.js';
export * from './routes/members.js';
export * from './routes/performance.js';
export * from './routes/attendance.js';
export * from './routes/integration.js';
export * from './routes/reports.js';
export * from './routes/notices.js';
export * from './routes/notice-channels.js';
export * from './routes/host-jsapi.js';
export * from './routes/admin.js';
