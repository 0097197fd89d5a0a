/**
 * bench: the tables `make bench` prints: workloads (quire vs ceiling, alternating), cost growth
 * with page and data size, start-up and build. Plain string formatting of measured numbers.
 */
import type { StartupResult } from './startup-bench.js';

export interface WorkloadRow {
  id: string;
  title: string;
  target: number;
  quireRps: number;
  ceilingRps: number;
  quireRounds: number[];
  ceilingRounds: number[];
  ratio: number;
  p50: number;
  p99: number;
  ceilingP50: number;
  ceilingP99: number;
  sqlPerRequest: number;
  ceilingSqlPerRequest: number;
  /** server CPU time (all threads) per request, microseconds: steadier than req/s on a shared machine */
  cpuPerRequest: number;
  ceilingCpuPerRequest: number;
  /** quire's RSS after each round */
  rssMb: number[];
  peakMb: number;
  /** the one-statement ceiling (PostgreSQL only) */
  oneStatement?: { rps: number; p99: number; sqlPerRequest: number; cpuPerRequest: number };
}

export interface GrowthRow {
  workload: string;
  articles: number;
  pageSize: number;
  rps: number;
  msPerRequest: number;
  cpuPerRequest: number;
  sqlPerRequest: number;
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

function table(head: string[], rows: string[][], left = 1): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < left ? pad(c, widths[i]) : lpad(c, widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function formatTable(label: string, articles: number, rows: WorkloadRow[], finalRssMb: number, peakRssMb: number): string {
  const body = rows.map((r) => [
    `${r.id} ${r.title}`,
    r.quireRps.toFixed(0),
    r.ceilingRps.toFixed(0),
    r.ratio.toFixed(2),
    `>=${r.target}`,
    r.ratio >= r.target ? 'met' : 'NOT MET',
    `${r.p50.toFixed(0)}/${r.p99.toFixed(0)}`,
    `${r.ceilingP50.toFixed(0)}/${r.ceilingP99.toFixed(0)}`,
    `${r.sqlPerRequest.toFixed(1)}/${r.ceilingSqlPerRequest.toFixed(1)}`,
    `${r.cpuPerRequest.toFixed(0)}/${r.ceilingCpuPerRequest.toFixed(0)} (${(r.ceilingCpuPerRequest / r.cpuPerRequest).toFixed(2)})`,
    r.rssMb.map((m) => m.toFixed(0)).join('>'),
    r.peakMb.toFixed(0),
    r.oneStatement ? r.oneStatement.rps.toFixed(0) : '-',
    r.oneStatement ? (r.quireRps / r.oneStatement.rps).toFixed(2) : '-',
    r.oneStatement ? `${r.oneStatement.p99.toFixed(0)}` : '-',
    r.oneStatement ? `${r.oneStatement.sqlPerRequest.toFixed(1)}` : '-',
    r.oneStatement ? `${r.oneStatement.cpuPerRequest.toFixed(0)}` : '-',
  ]);
  const head = ['workload', 'quire r/s', 'ceiling r/s', 'ratio', 'target', '', 'quire p50/p99 ms', 'ceil p50/p99', 'SQL/req q/c', 'CPU us/req q/c', 'RSS MB/round', 'peak MB', '1-stmt r/s', 'q/1-stmt', '1-stmt p99', '1-stmt SQL', '1-stmt CPU us'];
  const rss = finalRssMb < 200 ? 'met' : 'NOT MET';
  const note = rows.some((r) => r.oneStatement)
    ? 'ceiling: hand-written SQL, one statement per populated attribute, rows decoded and serialized in Node; 1-stmt: one hand-written statement per request whose text is the body, written to the socket unparsed'
    : 'ceiling: hand-written SQL, one statement per populated attribute, rows decoded and serialized in Node; 1-stmt: - (PostgreSQL only, as quire\'s one-statement reads)';
  return `${label}, ${articles.toLocaleString('en')} articles\n${table(head, body)}\n${note}\nquire RSS after the run ${finalRssMb.toFixed(0)} MB (peak ${peakRssMb.toFixed(0)} MB; target < 200 MB: ${rss})`;
}

export function formatGrowth(rows: GrowthRow[]): string {
  const body = rows.map((r, i) => {
    const prev = rows[i - 1];
    const marginal = prev && prev.workload === r.workload && prev.articles === r.articles
      ? `${((1000 * (r.msPerRequest - prev.msPerRequest)) / (r.pageSize - prev.pageSize)).toFixed(0)} us/entry`
      : '';
    const cpuMarginal = prev && prev.workload === r.workload && prev.articles === r.articles
      ? `${((r.cpuPerRequest - prev.cpuPerRequest) / (r.pageSize - prev.pageSize)).toFixed(0)} us/entry`
      : '';
    return [r.workload, r.articles.toLocaleString('en'), String(r.pageSize), r.rps.toFixed(0), r.msPerRequest.toFixed(2), `${((1000 * r.msPerRequest) / r.pageSize).toFixed(0)} us`, marginal, r.cpuPerRequest.toFixed(0), cpuMarginal, r.sqlPerRequest.toFixed(1)];
  });
  return `cost growth (quire alone; ms/req = 1000 / req/s at 10 connections; CPU = server CPU per request)\n${table(['', 'articles', 'page', 'req/s', 'ms/req', 'per entry', 'marginal', 'CPU us/req', 'CPU marginal', 'SQL/req'], body, 2)}`;
}

/**
 * Server CPU per request of each growth shape at each data size, and per entry on the page: flat
 * when the cost of a request does not grow with the rows the table holds.
 */
export function formatGrowthBySize(rows: GrowthRow[]): string {
  const sizes = [...new Set(rows.map((r) => r.articles))].sort((a, b) => a - b);
  const shapes = [...new Set(rows.map((r) => `${r.workload}|${r.pageSize}`))];
  const body = shapes.map((k) => {
    const [workload, page] = k.split('|');
    const at = sizes.map((n) => rows.find((r) => r.articles === n && `${r.workload}|${r.pageSize}` === k));
    const first = at[0];
    const last = at[at.length - 1];
    return [workload, page, ...at.map((r) => (r ? `${r.cpuPerRequest.toFixed(0)} (${(r.cpuPerRequest / r.pageSize).toFixed(0)}/entry)` : '-')), first && last ? (last.cpuPerRequest / first.cpuPerRequest).toFixed(2) : '-', ...at.map((r) => (r ? r.msPerRequest.toFixed(1) : '-'))];
  });
  const head = ['', 'page', ...sizes.map((n) => `CPU us/req @${n.toLocaleString('en')}`), 'last/first', ...sizes.map((n) => `ms/req @${n.toLocaleString('en')}`)];
  return `cost by data size (quire's CPU per request and per entry on the page; ms/req at 10 connections includes the database)\n${table(head, body, 2)}`;
}

export function formatStartup(r: StartupResult): string {
  const lines = [`quire build, ${r.types} content-types: ${r.build.ms.toFixed(0)} ms, peak RSS ${r.build.peakMb.toFixed(0)} MB`];
  for (const s of r.serve) {
    lines.push(`quire serve on ${s.dialect}: first start (creates the schema) ${s.firstStartMs.toFixed(0)} ms, peak RSS ${s.firstPeakMb.toFixed(0)} MB; restart ${s.restartMs.toFixed(0)} ms, peak RSS ${s.restartPeakMb.toFixed(0)} MB`);
  }
  return lines.join('\n');
}
