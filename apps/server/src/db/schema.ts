/**
 * The database schema, one module per domain; drizzle-kit reads this barrel (drizzle.config.ts)
 * and the app imports its tables from here.
 */
export * from './schema/identity.js';
export * from './schema/platform.js';
export * from './schema/sales.js';
export * from './schema/performance.js';
export * from './schema/reports.js';
export * from './schema/notices.js';
export * from './schema/directory.js';
