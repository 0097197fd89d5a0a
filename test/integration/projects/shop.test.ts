/**
 * integration (projects): the shop fixture (test/fixtures/projects/shop, a Strapi v4 project root)
 * builds as it is, serves, and answers its recorded requests (test/fixtures/projects/requests/shop.json).
 */
import { recordedProjectSuite } from './recorded-requests.js';

recordedProjectSuite('shop');
