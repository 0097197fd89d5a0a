/**
 * integration (projects): the marketing fixture (test/fixtures/projects/marketing, a Strapi v4 project root)
 * builds as it is, serves, and answers its recorded requests (test/fixtures/projects/requests/marketing.json).
 */
import { recordedProjectSuite } from './recorded-requests.js';

recordedProjectSuite('marketing');
