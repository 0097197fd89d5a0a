export * from './errors.js';
export * from './validation-catalog.js';
