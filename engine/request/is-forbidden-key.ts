/**
 * engine/request: the keys that could reach an object's prototype (`__proto__`, `constructor`,
 * `prototype`). Query strings and JSON bodies carrying them anywhere are refused before any stage
 * merges or indexes them. Pure; no I/O.
 */

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** `isForbiddenKey('__proto__')` -> true; `isForbiddenKey('title')` -> false. */
export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN.has(key);
}
