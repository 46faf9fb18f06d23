export * from './language.js';
export * from './errors.js';
export * from './constants.js';
export * from './users.js';
