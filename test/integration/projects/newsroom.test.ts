/**
 * integration (projects): the newsroom fixture (test/fixtures/projects/newsroom), a Strapi v4 project
 * with code of its own, builds as it is, serves with its code running, and answers its recorded
 * requests (test/fixtures/projects/requests/newsroom.json): populate middleware, is-owner policy,
 * slug and audit lifecycles, extended controller and service, custom routes, bootstrap, GraphQL.
 */
import { recordedProjectSuite } from './recorded-requests.js';

recordedProjectSuite('newsroom');
