/**
 * bench: writes a synthetic Strapi v4 spec of N content-types with M attributes each (scalars of
 * every kind, relations between neighbours, components, a dynamic zone) for build and start-up benchmarks.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SCALARS: Record<string, unknown>[] = [
  { type: 'string', maxLength: 200 }, { type: 'text' }, { type: 'richtext' }, { type: 'integer', min: 0 },
  { type: 'biginteger' }, { type: 'decimal' }, { type: 'float' }, { type: 'boolean', default: false },
  { type: 'date' }, { type: 'datetime' }, { type: 'time' }, { type: 'email' }, { type: 'json' },
  { type: 'enumeration', enum: ['draft', 'review', 'final'] }, { type: 'string', unique: true }, { type: 'string', private: true },
];

export function generateSpec(dir: string, types = 200, attributes = 20): void {
  const name = (i: number) => `type${String(i).padStart(3, '0')}`;
  for (const c of ['meta', 'link']) {
    const file = join(dir, 'components', 'gen', `${c}.json`);
    mkdirSync(join(dir, 'components', 'gen'), { recursive: true });
    writeFileSync(file, JSON.stringify({ collectionName: `components_gen_${c}s`, info: { displayName: c }, attributes: { label: { type: 'string' }, value: { type: 'integer' } } }));
  }
  for (let i = 0; i < types; i++) {
    const attrs: Record<string, unknown> = {};
    const fixed = 4;
    for (let a = 0; a < attributes - fixed; a++) attrs[`field${a}`] = SCALARS[a % SCALARS.length];
    const next = name((i + 1) % types);
    const prev = name((i + types - 1) % types);
    attrs.parent = { type: 'relation', relation: 'manyToOne', target: `api::${next}.${next}`, inversedBy: 'children' };
    attrs.children = { type: 'relation', relation: 'oneToMany', target: `api::${prev}.${prev}`, mappedBy: 'parent' };
    attrs.meta = { type: 'component', repeatable: false, component: 'gen.meta' };
    attrs.blocks = { type: 'dynamiczone', components: ['gen.meta', 'gen.link'] };
    const dirCt = join(dir, 'api', name(i), 'content-types', name(i));
    mkdirSync(dirCt, { recursive: true });
    writeFileSync(
      join(dirCt, 'schema.json'),
      JSON.stringify({ kind: 'collectionType', collectionName: `${name(i)}s`, info: { singularName: name(i), pluralName: `${name(i)}s`, displayName: name(i) }, options: { draftAndPublish: i % 2 === 0 }, attributes: attrs }),
    );
  }
}
