/**
 * integration (projects): the blog fixture (test/fixtures/projects/blog, a Strapi v4 project root)
 * builds as it is, serves, and answers its recorded requests (test/fixtures/projects/requests/blog.json).
 */
import { recordedProjectSuite } from './recorded-requests.js';

recordedProjectSuite('blog');
