/**
 * integration (upload): the upload plugin's settings of config/plugins, as Strapi's upload plugin
 * applies them: originals re-encoded when that makes them smaller (sizeOptimization), the project's
 * breakpoints, no breakpoint formats without responsiveDimensions (the thumbnail stays), originals
 * turned upright with autoOrientation, and sizeLimit (413 above it, nothing stored). Members fixture
 * (sizeLimit 5 MB, breakpoints large 1000 and small 500).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { tempDir } from '../../helpers/spec-dir.js';
import { startMembers, type MembersServer } from '../writes/members-fixture.js';
import { listDir, makeImage, postFiles } from './upload-fixture.js';

let s: MembersServer;
let plain: MembersServer;
let dir: string;
let plainDir: string;

const settings = (extra: string) => (spec: string) => {
  const file = join(spec, 'config', 'plugins.js');
  writeFileSync(file, readFileSync(file, 'utf8').replace('breakpoints: { large: 1000, small: 500 },', `breakpoints: { large: 1000, small: 500 }, ${extra}`));
};

test.before(async () => {
  dir = tempDir('quire-uploads-');
  plainDir = tempDir('quire-uploads-');
  s = await startMembers('image-settings', { env: { UPLOAD_DIR: dir } });
  plain = await startMembers('image-settings-off', { env: { UPLOAD_DIR: plainDir }, edit: settings('sizeOptimization: false, responsiveDimensions: false, autoOrientation: true,') });
});
test.after(async () => {
  await s.stop();
  await plain.stop();
});

test('sizeOptimization (default on): a PNG re-encoded smaller; a JPEG kept as sent when re-encoding would not shrink it', async () => {
  const png = await makeImage(600, 400);
  const r = await postFiles(s, [{ name: 'flat.png', data: png, type: 'image/png' }], {}, { token: s.admin });
  assert.is(r.status, 200, r.text);
  const [file] = r.body;
  const stored = readFileSync(join(dir, `${file.hash}${file.ext}`));
  assert.ok(stored.length < png.length, `${stored.length} < ${png.length}`);
  assert.is(file.size, Math.round((stored.length / 1000) * 100) / 100);
  assert.equal([file.width, file.height], [600, 400]);
  const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 30 } } as never }).jpeg({ quality: 50 }).toBuffer();
  const j = (await postFiles(s, [{ name: 'noise.jpg', data: jpeg, type: 'image/jpeg' }], {}, { token: s.admin })).body[0];
  assert.ok(readFileSync(join(dir, `${j.hash}${j.ext}`)).equals(jpeg), 'quality 80 would be larger than quality 50');
});

test('sizeOptimization re-encodes as Strapi does: no colour profile added; a turned picture keeps its EXIF orientation', async () => {
  const png = await makeImage(600, 400);
  const [file] = (await postFiles(s, [{ name: 'plain.png', data: png, type: 'image/png' }], {}, { token: s.admin })).body;
  const meta = await sharp(readFileSync(join(dir, `${file.hash}${file.ext}`))).metadata();
  assert.is(meta.hasProfile, false, 'the same bytes as Strapi 4.26.2 stores (sharp without metadata)');
  const turned = await sharp(await makeImage(600, 400, 'jpeg')).withMetadata({ orientation: 6 }).jpeg({ quality: 100 }).toBuffer();
  const [t] = (await postFiles(s, [{ name: 'turned.jpg', data: turned, type: 'image/jpeg' }], {}, { token: s.admin })).body;
  const stored = readFileSync(join(dir, `${t.hash}${t.ext}`));
  assert.ok(stored.length < turned.length, 're-encoded');
  assert.is((await sharp(stored).metadata()).orientation, 6, 'viewers still turn it');
});

test('breakpoints from the config: large and small, no medium', async () => {
  const r = await postFiles(s, [{ name: 'big.jpg', data: await makeImage(1200, 800, 'jpeg'), type: 'image/jpeg' }], {}, { token: s.admin });
  const formats = r.body[0].formats;
  // (PostgreSQL's jsonb keeps keys in its own order)
  assert.equal(Object.keys(formats).sort(), ['large', 'small', 'thumbnail']);
  assert.equal([formats.large.width, formats.large.height, formats.small.width], [1000, 667, 500]);
});

test('sizeOptimization off: stored as sent; responsiveDimensions off: the thumbnail only; autoOrientation: turned upright', async () => {
  // quality 100 (no sizeOptimization) would make this JPEG larger: kept as sent
  const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 30 } } as never }).jpeg({ quality: 50 }).toBuffer();
  const [file] = (await postFiles(plain, [{ name: 'big.jpg', data: jpeg, type: 'image/jpeg' }], {}, { token: plain.admin })).body;
  assert.ok(readFileSync(join(plainDir, `${file.hash}${file.ext}`)).equals(jpeg));
  assert.equal(Object.keys(file.formats), ['thumbnail']);
  const turned = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 10, g: 200, b: 30 } } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
  const [upright] = (await postFiles(plain, [{ name: 'phone.jpg', data: turned, type: 'image/jpeg' }], {}, { token: plain.admin })).body;
  const meta = await sharp(readFileSync(join(plainDir, `${upright.hash}${upright.ext}`))).metadata();
  assert.equal([meta.width, meta.height, meta.orientation ?? 1], [400, 600, 1]);
  assert.equal([upright.width, upright.height], [400, 600]);
});

test('sizeLimit: a file above it is refused with 413 and nothing is stored', async () => {
  const before = listDir(dir).length;
  const big = Buffer.alloc(5 * 1024 * 1024 + 10, 7);
  const r = await postFiles(s, [{ name: 'big.bin', data: big }], {}, { token: s.admin });
  assert.is(r.status, 413, r.text);
  assert.is(listDir(dir).length, before);
});

test.run();
