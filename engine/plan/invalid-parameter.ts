/** engine/plan: re-exported from the request stage (one read-side 400 for both stages). */
export { invalidParameter } from '../request/invalid-parameter.js';
