/**
 * bench: the table `make bench-vs-strapi` prints per database: req/s of quire, Strapi 4.26.2 and the
 * hand-written ceiling, quire/Strapi and quire/ceiling ratios, p99 and SQL statements per request of
 * each, and whether the answers were equal. Plain string formatting of measured numbers.
 */

export interface VsStrapiRow {
  id: string;
  title: string;
  quireRps: number;
  strapiRps: number;
  ceilingRps: number;
  quireP99: number;
  strapiP99: number;
  ceilingP99: number;
  quireSql: number;
  /** from Strapi's counting pass (knex debug output), not from the measured runs */
  strapiSql: number;
  ceilingSql: number;
  /** quire's answer vs Strapi's, and vs the ceiling's */
  strapiBodies: string;
  ceilingBodies: string;
  /** the one-statement ceiling (PostgreSQL only): one statement per request whose text is the body */
  oneStatement?: { rps: number; p99: number; sql: number; bodies: string };
  /** CPU time per answered request in microseconds: the server's process, and on PostgreSQL the database's processes */
  cpu?: { quire: number; strapi: number; quireDb?: number; strapiDb?: number };
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? pad(c, widths[i]) : lpad(c, widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function formatVsStrapi(label: string, articles: number, rows: VsStrapiRow[], quireRssMb: number, strapiRssMb: number): string {
  const body = rows.map((r) => [
    `${r.id} ${r.title}`,
    r.quireRps.toFixed(0),
    r.strapiRps.toFixed(0),
    // Strapi may finish no request within a short run on a loaded machine
    r.strapiRps > 0 ? `${(r.quireRps / r.strapiRps).toFixed(1)}x` : 'n/a (Strapi: 0)',
    r.ceilingRps.toFixed(0),
    (r.quireRps / r.ceilingRps).toFixed(2),
    `${r.quireP99.toFixed(0)}/${r.strapiP99.toFixed(0)}/${r.ceilingP99.toFixed(0)}`,
    `${r.quireSql.toFixed(1)}/${r.strapiSql.toFixed(1)}/${r.ceilingSql.toFixed(1)}`,
    r.oneStatement ? r.oneStatement.rps.toFixed(0) : '-',
    r.oneStatement ? (r.quireRps / r.oneStatement.rps).toFixed(2) : '-',
    r.oneStatement ? `${r.oneStatement.p99.toFixed(0)}` : '-',
    r.oneStatement ? r.oneStatement.sql.toFixed(1) : '-',
    r.cpu ? `${r.cpu.quire.toFixed(0)}/${r.cpu.strapi.toFixed(0)}` : '-',
    r.cpu?.quireDb !== undefined ? `${r.cpu.quireDb.toFixed(0)}/${(r.cpu.strapiDb ?? 0).toFixed(0)}` : '-',
  ]);
  const head = ['workload', 'quire r/s', 'Strapi r/s', 'quire/Strapi', 'ceiling r/s', 'quire/ceiling', 'p99 ms q/S/c', 'SQL/req q/S/c', '1-stmt r/s', 'quire/1-stmt', '1-stmt p99', '1-stmt SQL', 'CPU us/req q/S', 'DB CPU us/req q/S'];
  const answers = rows.map((r) => `  ${r.id} quire vs Strapi: ${r.strapiBodies}; quire vs ceiling: ${r.ceilingBodies}${r.oneStatement ? `; quire vs 1-stmt: ${r.oneStatement.bodies}` : ''}`);
  const one = rows.some((r) => r.oneStatement)
    ? '1-stmt: the one-statement ceiling, one hand-written statement per request whose text is the body, written to the socket unparsed'
    : '1-stmt: - (the one-statement ceiling is PostgreSQL only, as quire\'s one-statement reads)';
  return [
    `${label}, ${articles.toLocaleString('en')} articles each (quire vs Strapi 4.26.2 vs the hand-written ceilings)`,
    table(head, body),
    'ceiling: hand-written SQL through the same driver, one statement per populated attribute, rows decoded and serialized in Node; ' + one,
    'CPU us/req: the server process\'s CPU time per answered request (quire/Strapi); DB CPU: the PostgreSQL server processes\' (SQLite runs inside the server process)',
    'answers to each workload\'s first request:',
    ...answers,
    `RSS after the run: quire ${quireRssMb.toFixed(0)} MB, Strapi ${strapiRssMb.toFixed(0)} MB`,
  ].join('\n');
}
