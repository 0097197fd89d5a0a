/**
 * unit (upload): client file names -> stored names, extensions and hash keys; fileInfo parsing. Pure.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../../engine/errors/index.js';
import { baseName, cleanFileName, extensionOf, fileHash, slugOf } from '../../../../engine/upload/file-naming.js';
import { parseFileInfos } from '../../../../engine/upload/parse-file-info.js';
import { SAFE_KEY } from '../../../../engine/upload/providers/storage-provider.js';

test('cleanFileName keeps the last path segment without control characters, never empty, at most 255 units', () => {
  const cases: [string, string][] = [
    ['photo.png', 'photo.png'],
    ['../../etc/pa\u0000sswd.png', 'passwd.png'],
    ['C:\\Users\\me\\evil.png', 'evil.png'],
    ['dir/', 'file'],
    ['..', 'file'],
    ['  spaced name.pdf  ', 'spaced name.pdf'],
    ['rtl\u202egnp.exe', 'rtlgnp.exe'],
    ['e\u0301te\u0301.jpg', '\u00e9t\u00e9.jpg'],
  ];
  for (const [raw, expected] of cases) assert.is(cleanFileName(raw), expected, JSON.stringify(raw));
  assert.is(cleanFileName('a'.repeat(300)).length, 255);
  const astral = cleanFileName('\u{1F600}'.repeat(200));
  assert.ok(astral.length <= 255 && astral.length % 2 === 0, 'no split surrogate pair');
});

test('extensionOf, baseName, slugOf, fileHash', () => {
  assert.is(extensionOf('photo.PNG'), '.PNG');
  assert.is(extensionOf('archive.tar.gz'), '.gz');
  assert.is(extensionOf('.hidden'), '');
  assert.is(extensionOf('noext'), '');
  assert.is(extensionOf('bad.ex t'), '');
  assert.is(baseName('first.jpg', '.jpg'), 'first');
  assert.is(baseName('My Doc', '.pdf'), 'My Doc');
  assert.is(slugOf('up-1200'), 'up_1200');
  assert.is(slugOf('Crème brûlée!'), 'Creme_brulee');
  assert.is(slugOf('../..'), 'file');
  // as Strapi 4.26.2 names the same file (its hash, recorded on real Strapi)
  assert.is(slugOf('Café & Crème – Ærø straße 1½ Ünïcødé 東京'), 'Cafe_and_Creme_A_Ero_strasse_1_Uenicode');
  assert.is(slugOf('HTMLFile name'), 'HTML_File_name');
  assert.match(fileHash('My Doc'), /^My_Doc_[0-9a-f]{10}$/);
  assert.is.not(fileHash('x'), fileHash('x'));
  for (const key of [`${fileHash('a b')}.png`, `thumbnail_${fileHash('x')}.jpg`, fileHash('y')]) assert.ok(SAFE_KEY.test(key), key);
  for (const key of ['../x.png', '.part-1', 'a/b.png', '', 'a b.png']) assert.not.ok(SAFE_KEY.test(key), key);
});

test('parseFileInfos: object, array matching the files, repeated fields; bad values name their path', () => {
  assert.equal(parseFileInfos(['{"name":"a.png","alternativeText":"alt","folder":3}'], 1), [{ name: 'a.png', alternativeText: 'alt' }]);
  assert.equal(parseFileInfos(['[{"caption":"x"},{"name":"b"}]'], 2), [{ caption: 'x' }, { name: 'b' }]);
  assert.equal(parseFileInfos(['{"name":"a"}'], 2), [{ name: 'a' }, {}]);
  assert.equal(parseFileInfos(['{"name":"a"}', '{"name":"b"}'], 2), [{ name: 'a' }, { name: 'b' }]);
  assert.equal(parseFileInfos([], 2), [{}, {}]);
  assert.equal(parseFileInfos([{ caption: null }], 1), [{ caption: null }]);
  const bad = (raw: unknown[], count: number): ValidationError => {
    try {
      parseFileInfos(raw, count);
    } catch (err) {
      assert.instance(err, ValidationError);
      return err as ValidationError;
    }
    throw new Error('expected a ValidationError');
  };
  const only = (err: ValidationError) => (err.details.errors as unknown[])[0];
  assert.equal(only(bad(['{"name":5}'], 1)), { path: ['fileInfo', 'name'], message: 'fileInfo.name must be a `string` type, but the final value was: `5`.', name: 'ValidationError' });
  assert.equal(only(bad(['[{},{"caption":7}]'], 2)), { path: ['fileInfo', '1', 'caption'], message: 'fileInfo[1].caption must be a `string` type, but the final value was: `7`.', name: 'ValidationError' });
  // Strapi's words for a form field that is not a JSON object
  assert.equal(only(bad(['{oops'], 1)), { path: ['fileInfo'], message: 'fileInfo must be a `object` type, but the final value was: `null` (cast from the value `"{oops"`).', name: 'ValidationError' });
  assert.is(bad(['5'], 1).message, 'fileInfo must be a `object` type, but the final value was: `null` (cast from the value `"5"`).');
  assert.is(bad(['[{},{},{}]'], 2).message, 'fileInfo has 3 entries for 2 file(s)');
  assert.is(bad([`{"alternativeText":"${'x'.repeat(256)}"}`], 1).message, 'fileInfo.alternativeText must be at most 255 characters');
  // an empty name keeps the file's own, as Strapi does
  assert.equal(parseFileInfos(['{"name":""}'], 1), [{}]);
});

test.run();
