/**
 * engine/graphql door: the upload plugin's GraphQL side. `multipartOperations` turns a request of
 * the GraphQL multipart request spec (fields `operations`, `map`, then the files, spooled by the
 * request lifecycle) into the JSON body a GraphQL POST carries, each mapped variable holding an
 * UploadedFile (the `Upload` scalar accepts nothing else). `uploadResolvers` serves the v4 mutations
 * upload, multipleUpload, updateFileInfo and removeFile with Strapi's scopes
 * (`plugin::upload.content-api.upload` / `.destroy`) on the upload actions.
 */
import type { GraphQLSchema } from 'graphql';
import { removeFile, updateFileInfo, uploadFiles, type UploadLink } from '../actions/upload-files.js';
import { NotFoundError, ValidationError } from '../errors/index.js';
import type { Entry } from '../plan/types.js';
import { parseFileInfo, parseFileInfos } from '../upload/parse-file-info.js';
import type { MultipartBody } from '../http/read-multipart.js';
import { UPLOAD_PERMISSION_UID } from '../upload/stored-files.js';
import { isUploadedFile, type UploadedFile } from '../upload/uploaded-file.js';
import type { GraphqlContext } from './graphql-context.js';
import { messages, validationIssue } from '../errors/validation-catalog.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const bad = (message: string) => new ValidationError(message);

function parseJsonField(fields: Map<string, string[]>, name: string): unknown {
  const values = fields.get(name);
  if (!values || values.length !== 1) throw bad(messages.multipartField(name));
  try {
    return JSON.parse(values[0]);
  } catch {
    throw bad(messages.multipartFieldJson(name));
  }
}

/** Put `file` at `variables.a.0.b` inside `operations`; every step of the path must exist (the client sends null there). */
function place(operations: Record<string, unknown>, path: string, file: UploadedFile): void {
  const parts = path.split('.');
  const missing = () => bad(messages.multipartMapPathMissing(path));
  if (parts[0] !== 'variables' || parts.length < 2) throw bad(messages.multipartMapPathPrefix(path));
  if (parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) throw bad(messages.multipartMapPathForbidden(path));
  let node: unknown = operations;
  for (const [i, key] of parts.entries()) {
    const last = i === parts.length - 1;
    if (Array.isArray(node)) {
      if (!/^\d+$/.test(key) || Number(key) >= node.length) throw missing();
      if (last) node[Number(key)] = file;
      else node = node[Number(key)];
    } else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, key)) {
      if (last) node[key] = file;
      else node = node[key];
    } else throw missing();
  }
}

/**
 * A GraphQL multipart request (its files spooled by the request lifecycle, for callers who may
 * upload) -> the operation it stands for, each mapped variable holding its UploadedFile.
 */
export function multipartOperations(multipart: MultipartBody): Record<string, unknown> {
  const operations = parseJsonField(multipart.fields, 'operations');
  if (Array.isArray(operations)) throw bad(messages.multipartBatched());
  if (!isObject(operations)) throw bad(messages.multipartOperations());
  const map = parseJsonField(multipart.fields, 'map');
  if (!isObject(map)) throw bad(messages.multipartMap());
  const byField = new Map(multipart.files.map((f) => [f.field, f]));
  for (const [field, paths] of Object.entries(map)) {
    const file = byField.get(field);
    if (!file) throw bad(messages.multipartMapFile(field));
    if (!Array.isArray(paths) || paths.length === 0 || !paths.every((p) => typeof p === 'string')) throw bad(messages.multipartMapPaths(field));
    for (const path of paths) place(operations, path, file);
  }
  return operations;
}

type Args = Record<string, unknown>;

const entity = (row: Entry) => ({ data: { id: row.id, attributes: row } });

function linkOf(args: Args): UploadLink | undefined {
  if (args.ref == null && args.refId == null && args.field == null) return undefined;
  if (typeof args.ref !== 'string' || args.refId == null || typeof args.field !== 'string') {
    throw ValidationError.of([validationIssue(['ref'], messages.uploadLinkTogether())]);
  }
  return { ref: args.ref, refId: String(args.refId), field: args.field };
}

function fileOf(value: unknown, path: string): UploadedFile {
  if (!isUploadedFile(value)) throw ValidationError.of([validationIssue([path], messages.uploadNotAFile([path]))]);
  return value;
}

/** Resolvers and resolversConfig for the upload mutations present in `schema`, on the upload actions. */
export function uploadResolvers(schema: GraphQLSchema): { resolvers: Record<string, Record<string, unknown>>; resolversConfig: Record<string, { auth: { scope: string[] } }> } {
  const all: Record<string, [scope: string, resolve: (parent: unknown, args: Args, ctx: GraphqlContext) => Promise<unknown>]> = {
    upload: ['upload', async (_p, args, ctx) => {
      const [row] = await uploadFiles(ctx.runtime.actions, ctx.caller, [fileOf(args.file, 'file')], [parseFileInfo(args.info ?? undefined)], linkOf(args));
      return entity(row);
    }],
    multipleUpload: ['upload', async (_p, args, ctx) => {
      const files = ((args.files as unknown[] | null) ?? []).map((f, i) => fileOf(f, `files.${i}`));
      const rows = await uploadFiles(ctx.runtime.actions, ctx.caller, files, parseFileInfos([], files.length), linkOf(args));
      return rows.map(entity);
    }],
    updateFileInfo: ['upload', async (_p, args, ctx) => entity(await updateFileInfo(ctx.runtime.actions, ctx.caller, args.id, parseFileInfo(args.info ?? undefined)))],
    removeFile: ['destroy', async (_p, args, ctx) => {
      try {
        return entity(await removeFile(ctx.runtime.actions, ctx.caller, args.id));
      } catch (err) {
        // Strapi answers null for a file that does not exist
        if (err instanceof NotFoundError) return null;
        throw err;
      }
    }],
  };
  const fields = schema.getMutationType()?.getFields() ?? {};
  const mutation: Record<string, unknown> = {};
  const resolversConfig: Record<string, { auth: { scope: string[] } }> = {};
  for (const [name, [action, resolve]] of Object.entries(all)) {
    if (!fields[name]) continue;
    mutation[name] = resolve;
    resolversConfig[`Mutation.${name}`] = { auth: { scope: [`${UPLOAD_PERMISSION_UID}.${action}`] } };
  }
  return { resolvers: Object.keys(mutation).length ? { Mutation: mutation } : {}, resolversConfig };
}
