/**
 * test helper (unit, engine): the example spec compiled once per process, and the read options of a
 * requester who may find every api:: type and the upload files but no users-permissions type.
 * Reads the spec files only; no database, no network.
 */
import { compileSpec } from '../../../compiler/compile.js';
import type { NormalizedModel } from '../../../compiler/model/types.js';
import { graphqlReader as graphqlReaderOf, restReader, type Reader } from './plan-reads.js';
import { EXAMPLE_SPEC } from '../../helpers/spec-dir.js';

export const model: NormalizedModel = (await compileSpec(EXAMPLE_SPEC)).model;

const canFind = (uid: string) => !uid.startsWith('plugin::users-permissions.');
export const publicReader: Reader = restReader(canFind);
export const graphqlReader: Reader = graphqlReaderOf(model, canFind);

export const ARTICLE = 'api::article.article';
export const AUTHOR = 'api::author.author';
