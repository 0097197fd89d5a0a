/**
 * test helpers: a GraphQL client over the test server (POST JSON to /graphql, optional token and
 * variables) and upload-plugin file rows, which have no endpoint (created with a plain create plan).
 */
import type { WriteData } from '../../engine/plan/types.js';
import type { TestResponse, TestServer } from './server.js';

export interface GqlOptions {
  variables?: Record<string, unknown>;
  token?: string;
  operationName?: string;
  headers?: Record<string, string>;
}

/** POST a GraphQL document; the answer as parsed JSON with its status. */
export function gql(s: TestServer, query: string, o: GqlOptions = {}): Promise<TestResponse> {
  return s.request('POST', '/graphql', {
    body: { query, ...(o.variables && { variables: o.variables }), ...(o.operationName && { operationName: o.operationName }) },
    token: o.token,
    headers: o.headers,
  });
}

/** Like gql, but fails with the whole answer unless it is 200 without errors; returns `data`. */
export async function gqlData(s: TestServer, query: string, o: GqlOptions = {}): Promise<any> {
  const r = await gql(s, query, o);
  if (r.status !== 200 || r.body?.errors) throw new Error(`GraphQL ${r.status}: ${r.text}\n${query}`);
  return r.body.data;
}

const writeData = (scalars: Record<string, unknown>): WriteData => ({ scalars, relations: {}, media: {}, components: {}, dynamicZones: {} });

/** A row of the upload plugin's `files` table. */
export function createFile(s: TestServer, name: string): Promise<number> {
  return s.running.app.repo.create({
    kind: 'create',
    uid: 'plugin::upload.file',
    data: writeData({
      name, alternativeText: `alt ${name}`, caption: null, width: 1200, height: 800, formats: { thumbnail: { url: `/uploads/thumbnail_${name}` } },
      hash: name.replace(/\W/g, '_'), ext: '.png', mime: 'image/png', size: 12.5, url: `/uploads/${name}`, previewUrl: null, provider: 'local', provider_metadata: null,
    }),
  });
}
