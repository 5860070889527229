export * from './constants.js';
export * from './validators.js';
export * from './money.js';
export * from './session.js';
export * from './schemas.js';
export * from './sales-domain.js';
export * from './sales.js';
export * from './china-time.js';
