/**
 * compiler/emit/openapi: the REST routes of the upload plugin (upload or update file info, list, get,
 * delete) and the multipart request schema. Files are answered flat (`UploadFileRecord`); every
 * operation carries `x-quire: {uid: 'plugin::upload.file', action}`. Pure.
 */
import type { NormalizedModel } from '../../model/types.js';
import { accessNote, addOperation, buildOperation, restPath, type OperationSpec } from './operation-builder.js';
import { readParameters } from './query-parameters.js';
import { contentTypeNames, contentTypeOf, MEDIA_UID, ref, type Schema } from './schema-names.js';
import { idParameterRef } from './shared-components.js';

type Paths = Record<string, Record<string, Schema>>;

export const UPLOAD_REQUEST = 'UploadRequest';

const BINARY: Schema = { type: 'string', format: 'binary' };

export function uploadSchemas(): [string, Schema][] {
  return [
    [UPLOAD_REQUEST, {
      type: 'object',
      description: 'multipart/form-data. Send files to upload them; with ?id=<file id> and no files, only fileInfo is applied to that file.',
      properties: {
        files: { description: 'One file or several.', oneOf: [BINARY, { type: 'array', items: BINARY }] },
        fileInfo: {
          type: 'string',
          description: 'JSON string {"name", "alternativeText", "caption"}; name renames the file and its formats.',
        },
        ref: { type: 'string', description: 'uid of the content-type to link the uploaded files to, e.g. api::article.article.' },
        refId: { type: 'string', description: 'Id of the entry to link the files to.' },
        field: { type: 'string', description: 'Media attribute of that entry to link the files to.' },
      },
    }],
  ];
}

interface UploadRoute {
  readonly method: 'get' | 'post' | 'delete';
  readonly path: string[];
  readonly action: 'upload' | 'find' | 'findOne' | 'destroy';
  readonly summary: string;
}

const ROUTES: readonly UploadRoute[] = [
  { method: 'post', path: ['upload'], action: 'upload', summary: 'Upload files, or update the info of one file' },
  { method: 'get', path: ['upload', 'files'], action: 'find', summary: 'List files' },
  { method: 'get', path: ['upload', 'files', '{id}'], action: 'findOne', summary: 'Get one file' },
  { method: 'delete', path: ['upload', 'files', '{id}'], action: 'destroy', summary: 'Delete a file' },
];

function operationFor(model: NormalizedModel, route: UploadRoute): OperationSpec {
  const file = contentTypeOf(model, MEDIA_UID);
  const record = ref(contentTypeNames(file).record);
  const byId = route.path.includes('{id}');
  const parameters: Schema[] = byId ? [idParameterRef] : [];
  let success = record;
  let successDescription = 'The file record, flat (no data/attributes envelope).';
  let requestBody: Schema | undefined;
  let detail = 'Answered by the upload plugin: flat JSON.';
  if (route.action === 'upload') {
    parameters.push({
      name: 'id',
      in: 'query',
      required: false,
      description: 'Id of an existing file: update its info (and replace its content when files are sent).',
      schema: { type: 'integer', minimum: 1 },
    });
    requestBody = { required: true, content: { 'multipart/form-data': { schema: ref(UPLOAD_REQUEST) } } };
    success = { oneOf: [{ type: 'array', items: record }, record] };
    successDescription = 'The uploaded files (an array), or the updated file when ?id is given.';
    detail += ' 400 "Files are empty" without files; 404 when ?id names no file.';
  } else if (route.action === 'find') {
    parameters.push(...readParameters(model, file, 'list'));
    success = { type: 'array', items: record };
    successDescription = 'Files as a plain array (no envelope, no pagination meta).';
  } else if (route.action === 'findOne') {
    parameters.push(...readParameters(model, file, 'one'));
  } else {
    detail += ' Deleting a file removes it from the entries that used it.';
  }
  const permission = `plugin::upload.content-api.${route.action}`;
  return {
    tag: file.displayName,
    summary: route.summary,
    description: `${detail}\n\n${accessNote(model, permission, true)}`,
    operationId: `upload.${route.action}`,
    uid: MEDIA_UID,
    action: route.action,
    parameters,
    ...(requestBody ? { requestBody } : {}),
    success,
    successDescription,
    addressed: byId || route.action === 'upload',
  };
}

export function addUploadPaths(model: NormalizedModel, prefix: string, paths: Paths): void {
  if (!model.contentTypes[MEDIA_UID]) return;
  for (const route of ROUTES) addOperation(paths, restPath(prefix, ...route.path), route.method, buildOperation(operationFor(model, route)));
}
