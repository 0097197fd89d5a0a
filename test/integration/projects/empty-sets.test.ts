/**
 * integration (projects): the empty-sets spec (test/fixtures/specs/empty-sets: a content-type without
 * attributes, components without any or without scalar attributes) serves and answers its recorded
 * requests: REST and GraphQL writes with nothing to write, zones and components of such components.
 */
import { join } from 'node:path';
import { FIXTURES } from '../../helpers/spec-dir.js';
import { recordedProjectSuite } from './recorded-requests.js';

recordedProjectSuite('empty-sets', join(FIXTURES, 'specs', 'empty-sets'));
