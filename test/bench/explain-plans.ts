/**
 * bench: `EXPLAIN (ANALYZE)` of each workload's one-statement read (ceiling-one-statement.ts: the
 * same joins, filters and orders as quire's compiled reads) on a PostgreSQL bench database, and
 * the scans in each plan: a sequential scan of a table that grows with the data is what an index
 * is missing. The create runs in a transaction rolled back.
 */
import pg from 'pg';
import { STATEMENTS } from './ceiling-one-statement.js';
import { W3_AUTHOR } from './workloads.js';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

export interface PlanSummary {
  workload: string;
  ms: number;
  /** `Seq Scan on <table> (rows x loops)` */
  seqScans: string[];
  /** the indexes the plan uses */
  indexes: string[];
}

function walk(n: PlanNode, out: PlanSummary): void {
  if (n['Node Type'] === 'Seq Scan' && n['Relation Name']) out.seqScans.push(`${n['Relation Name']} (${n['Actual Rows']} rows x ${n['Actual Loops']})`);
  if (n['Index Name'] && !out.indexes.includes(n['Index Name'])) out.indexes.push(n['Index Name']);
  for (const c of n.Plans ?? []) walk(c, out);
}

export async function explainWorkloads(databaseUrl: string, sampleId: number, ids: { author: number; category: number; tags: number[] }): Promise<PlanSummary[]> {
  const c = new pg.Client({ connectionString: databaseUrl, options: '-c jit=off' });
  await c.connect();
  const shapes: [string, string, unknown[]][] = [
    ['W1', STATEMENTS.list, []],
    ['W2', STATEMENTS.populated, []],
    ['W3', STATEMENTS.byAuthor, [W3_AUTHOR]],
    ['W4', STATEMENTS.one, [sampleId]],
    ['W5', STATEMENTS.create, ['Explained', null, 'news', 3, ids.author, ids.category, ids.tags, 'Explained', null]],
    ['W6', STATEMENTS.graphql, []],
  ];
  const out: PlanSummary[] = [];
  try {
    for (const [workload, text, params] of shapes) {
      await c.query('BEGIN');
      try {
        const { rows } = await c.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
        const plan = rows[0]['QUERY PLAN'][0] as { Plan: PlanNode; 'Execution Time': number };
        const s: PlanSummary = { workload, ms: plan['Execution Time'], seqScans: [], indexes: [] };
        walk(plan.Plan, s);
        out.push(s);
      } finally {
        await c.query('ROLLBACK');
      }
    }
  } finally {
    await c.end();
  }
  return out;
}

export function formatPlans(articles: number, plans: PlanSummary[]): string {
  return [`EXPLAIN ANALYZE of each workload's one statement, ${articles.toLocaleString('en')} articles (PostgreSQL)`,
    ...plans.map((p) => `  ${p.workload} ${p.ms.toFixed(1)} ms; seq scans: ${p.seqScans.join(', ') || 'none'}; indexes: ${p.indexes.join(', ') || 'none'}`)].join('\n');
}
