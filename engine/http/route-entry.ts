/**
 * engine/http: a route with where it is served, as a door hands its routes to app.ts for the table.
 */
import type { Route } from './route.js';

export interface RouteEntry {
  /** `GET` also serves `HEAD` */
  readonly methods: readonly string[];
  /** `/openapi.json`, `/api/articles/{id}`, `/uploads/*` */
  readonly path: string;
  readonly route: Route;
}
