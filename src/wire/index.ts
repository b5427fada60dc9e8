export * from './envelope.js';
export * from './errors.js';
export * from './common.js';
export * from './auth.js';
export * from './events.js';
export * from './reports.js';
export * from './tasks.js';
export * from './operations.js';
