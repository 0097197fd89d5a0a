/**
 * engine/plan: `publicationState` -> 'live' (default) or 'preview'. GraphQL sends the enum values
 * LIVE / PREVIEW. Anything else is a 400 (Strapi answers 500). Pure.
 */
import { invalidParameter } from './invalid-parameter.js';
import type { PublicationState } from './types.js';

/** `parsePublicationState(undefined)` -> 'live'; `('preview')` -> 'preview'; `('draft')` -> 400. */
export function parsePublicationState(raw: unknown, dialect: 'rest' | 'graphql' = 'rest'): PublicationState {
  if (raw === undefined || raw === null) return 'live';
  const value = dialect === 'graphql' && typeof raw === 'string' ? raw.toLowerCase() : raw;
  if (value === 'live' || value === 'preview') return value;
  throw invalidParameter('publicationState');
}
