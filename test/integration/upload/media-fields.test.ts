/**
 * integration (upload): media attributes of entries and components with uploaded files. Attaching
 * at upload time (ref/refId/field) and by id on write, allowedTypes (images/videos/audios/files by
 * MIME type) and missing files as ValidationErrors, populate on REST and GraphQL with the file
 * record shape, and deleting a file taking it out of every entry and component that used it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gqlData } from '../../helpers/graphql.js';
import { postEntry } from '../../helpers/seed-content.js';
import { listDir, makeImage, postFiles, startUploadServer, TINY_PDF, type UploadServer } from './upload-fixture.js';

let s: UploadServer;
let image: Buffer;
/** an MP4 header: enough for the content to say video/mp4 */
const VIDEO = (() => {
  const b = Buffer.alloc(64);
  b.writeUInt32BE(24, 0);
  b.write('ftypmp42', 4);
  b.write('mp42isom', 16);
  b.writeUInt32BE(8, 24);
  b.write('free', 28);
  return b;
})();

const ARTICLE = 'api::article.article';
const RECORD_ATTRIBUTES = ['name', 'alternativeText', 'caption', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt'];

test.before(async () => {
  s = await startUploadServer('upload-media');
  image = await makeImage(800, 600, 'jpeg');
});
test.after(async () => s.stop());

async function uploadOne(name: string, data: Buffer, fields: Record<string, string> = {}): Promise<any> {
  const r = await postFiles(s, [{ name, data }], fields, { token: s.admin });
  assert.is(r.status, 200, r.text);
  return r.body[0];
}

const article = (title: string, data: Record<string, unknown> = {}) => postEntry(s, s.admin, '/api/articles', { title, ...data });

async function media(id: number, query = 'populate[cover]=true&populate[gallery]=true&populate[seo][populate]=*&fields[0]=title'): Promise<any> {
  const r = await s.get(`/api/articles/${id}?${query}`, s.admin);
  assert.is(r.status, 200, r.text);
  return r.body.data.attributes;
}

const put = (id: number, data: Record<string, unknown>) => s.request('PUT', `/api/articles/${id}`, { body: { data }, token: s.admin });

test('ref/refId/field attach at upload: a single media is replaced, a multiple one appended in order', async () => {
  const id = await article('Attach');
  const first = await uploadOne('first.jpg', image, { ref: ARTICLE, refId: String(id), field: 'cover' });
  assert.is((await media(id)).cover.data.id, first.id);
  const second = await uploadOne('second.jpg', image, { ref: ARTICLE, refId: String(id), field: 'cover' });
  assert.is((await media(id)).cover.data.id, second.id);
  const r = await postFiles(s, [{ name: 'g1.jpg', data: image }, { name: 'clip.mp4', data: VIDEO }], { ref: ARTICLE, refId: String(id), field: 'gallery' }, { token: s.admin });
  assert.is(r.status, 200, r.text);
  assert.is(r.body[1].mime, 'video/mp4');
  const g3 = await uploadOne('g3.jpg', image, { ref: ARTICLE, refId: String(id), field: 'gallery' });
  assert.equal((await media(id)).gallery.data.map((f: any) => f.id), [r.body[0].id, r.body[1].id, g3.id]);
});

test('ref/refId/field problems are 400 and leave no record and no stored object', async () => {
  const id = await article('Attach errors');
  const before = { files: (await s.get('/api/upload/files?pagination[pageSize]=100', s.admin)).body.length, objects: listDir(s.uploadDir) };
  const cases: [Record<string, string>, string[], number?][] = [
    [{ ref: ARTICLE, refId: String(id), field: 'cover' }, ['files']], // a PDF in an images-only field
    [{ ref: 'api::nope.nope', refId: String(id), field: 'cover' }, ['ref']],
    [{ ref: ARTICLE, refId: String(id), field: 'title' }, ['field']],
    [{ ref: ARTICLE, refId: '99999', field: 'gallery' }, ['refId']],
    [{ ref: ARTICLE, refId: 'abc', field: 'gallery' }, ['refId']],
    [{ ref: ARTICLE, field: 'gallery' }, ['ref']],
  ];
  for (const [fields, path] of cases) {
    const r = await postFiles(s, [{ name: 'doc.pdf', data: fields.field === 'cover' ? TINY_PDF : image }], fields, { token: s.admin });
    assert.is(r.status, 400, `${JSON.stringify(fields)}: ${r.text}`);
    assert.is(r.body.error.name, 'ValidationError');
    assert.equal(r.body.error.details.errors[0].path, path, JSON.stringify(fields));
  }
  const two = await postFiles(s, [{ name: 'a.jpg', data: image }, { name: 'b.jpg', data: image }], { ref: ARTICLE, refId: String(id), field: 'cover' }, { token: s.admin });
  assert.is(two.status, 400);
  const after = { files: (await s.get('/api/upload/files?pagination[pageSize]=100', s.admin)).body.length, objects: listDir(s.uploadDir) };
  assert.equal(after, before);
  assert.equal((await media(id)).cover.data, null);
});

test('attaching needs update permission on the entry type besides upload', async () => {
  const id = await article('Attach perms');
  const uploader = await s.token('custom', ['plugin::upload.content-api.upload']);
  const r = await postFiles(s, [{ name: 'a.jpg', data: image }], { ref: ARTICLE, refId: String(id), field: 'cover' }, { token: uploader });
  assert.is(r.status, 403);
  const editor = await s.token('custom', ['plugin::upload.content-api.upload', `${ARTICLE}.update`]);
  assert.is((await postFiles(s, [{ name: 'a.jpg', data: image }], { ref: ARTICLE, refId: String(id), field: 'cover' }, { token: editor })).status, 200);
});

test('media by id on write: allowedTypes by MIME type, missing files, components; populate gives the file record', async () => {
  const img = await uploadOne('img.jpg', image);
  const pdf = await uploadOne('doc.pdf', TINY_PDF);
  const video = await uploadOne('clip.mp4', VIDEO);
  const id = await article('By id', { cover: img.id, gallery: [video.id, img.id], seo: { metaTitle: 'SEO', metaImage: img.id } });
  const m = await media(id);
  assert.equal(Object.keys(m.cover.data.attributes), RECORD_ATTRIBUTES);
  const { id: coverId, ...attributes } = img;
  assert.equal(m.cover.data, { id: coverId, attributes });
  assert.equal(m.gallery.data.map((f: any) => f.id), [video.id, img.id]);
  assert.is(m.seo.metaImage.data.id, img.id);

  const refused = [
    [{ cover: pdf.id }, ['cover']],
    [{ gallery: [img.id, pdf.id] }, ['gallery']],
    [{ seo: { metaTitle: 'SEO', metaImage: video.id } }, ['seo', 'metaImage']],
  ] as const;
  for (const [data, path] of refused) {
    const r = await put(id, data);
    assert.is(r.status, 400, r.text);
    assert.is(r.body.error.name, 'ValidationError');
    assert.equal(r.body.error.details.errors[0].path, path);
    assert.match(r.body.error.message, /not of an allowed type/);
  }
  const missing = await put(id, { cover: 999999 });
  assert.is(missing.status, 400);
  assert.is(missing.body.error.message, '1 relation(s) of type plugin::upload.file associated with this entity do not exist');
  // content.media-block allows every type
  const block = await put(id, { blocks: [{ __component: 'content.media-block', file: pdf.id }] });
  assert.is(block.status, 200, block.text);
  const blocks = (await media(id, 'populate[blocks][populate]=*&fields[0]=title')).blocks;
  assert.is(blocks[0].file.data.attributes.mime, 'application/pdf');
  assert.equal((await media(id)).cover.data.id, img.id, 'refused writes changed nothing');
});

test('GraphQL populates media as UploadFileEntityResponse and UploadFileRelationResponseCollection', async () => {
  const img = await uploadOne('gql.jpg', image, { fileInfo: JSON.stringify({ alternativeText: 'described' }) });
  const video = await uploadOne('gql.mp4', VIDEO);
  const id = await article('GraphQL media', { cover: img.id, gallery: [img.id, video.id], seo: { metaTitle: 'S', metaImage: img.id } });
  const data = await gqlData(s, `query($id: ID) { article(id: $id) { data { attributes {
    cover { data { id attributes { name alternativeText width height mime url size formats } } }
    gallery { data { id attributes { mime } } }
    seo { metaImage { data { id } } }
  } } } }`, { variables: { id: String(id) }, token: s.admin });
  const a = data.article.data.attributes;
  assert.equal(a.cover.data.id, String(img.id));
  assert.equal(a.cover.data.attributes, { name: 'gql.jpg', alternativeText: 'described', width: 800, height: 600, mime: 'image/jpeg', url: img.url, size: img.size, formats: img.formats });
  assert.equal(a.gallery.data, [{ id: String(img.id), attributes: { mime: 'image/jpeg' } }, { id: String(video.id), attributes: { mime: 'video/mp4' } }]);
  assert.equal(a.seo.metaImage.data.id, String(img.id));
});

test('deleting a file removes it from every entry and component that used it', async () => {
  const img = await uploadOne('shared.jpg', image);
  const other = await uploadOne('other.jpg', image);
  const a = await article('Uses it A', { cover: img.id, gallery: [other.id, img.id], seo: { metaTitle: 'A', metaImage: img.id } });
  const b = await article('Uses it B', { gallery: [img.id] });
  assert.is((await s.request('DELETE', `/api/upload/files/${img.id}`, { token: s.admin })).status, 200);
  const ma = await media(a);
  assert.is(ma.cover.data, null);
  assert.equal(ma.gallery.data.map((f: any) => f.id), [other.id]);
  assert.is(ma.seo.metaImage.data, null);
  assert.is((await media(b)).gallery.data, null, 'an empty multiple media field is { data: null }, as Strapi v4 answers');
  assert.not.ok(listDir(s.uploadDir).some((n) => n.includes(img.hash)), 'its objects are gone');
});

test.run();
