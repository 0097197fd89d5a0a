/** engine/plan: re-exported from the request stage, which owns the client value shapes. */
export * from '../request/is-record.js';
