// `npm run nodes -- URL…`: asks each node's /health and says whether they serve the same thing: the same service
// version, the same state backend, and the same data (data_version, importer_version). Prints one line per node and
// a verdict; exits 0 when they agree, 1 when they differ or a node does not answer.
import { pathToFileURL } from 'node:url';

export interface NodeReport {
  url: string;
  ok: boolean;
  status: string;
  version: string | null;
  backend: string | null;
  data_version: string | null;
  importer_version: number | null;
  imported_at: string | null;
}

const COMPARED = ['version', 'backend', 'data_version', 'importer_version'] as const;

async function ask(url: string, timeoutMs: number): Promise<NodeReport> {
  const base = url.replace(/\/+$/, '');
  try {
    const r = await fetch(`${base}/health`, { signal: AbortSignal.timeout(timeoutMs) });
    const h = (await r.json()) as { status?: string; version?: string; state?: { backend?: string } | null; data?: { data_version?: string; importer_version?: number; imported_at?: string } | null };
    return {
      url: base,
      ok: r.status === 200 && h.status === 'ok',
      status: h.status ?? `HTTP ${r.status}`,
      version: h.version ?? null,
      backend: h.state?.backend ?? null,
      data_version: h.data?.data_version ?? null,
      importer_version: h.data?.importer_version ?? null,
      imported_at: h.data?.imported_at ?? null,
    };
  } catch (err) {
    return { url: base, ok: false, status: `no answer (${(err as Error).message})`, version: null, backend: null, data_version: null, importer_version: null, imported_at: null };
  }
}

/** The nodes' reports and the fields on which they differ (a node that is down or has no data always differs). */
export async function checkNodes(urls: string[], timeoutMs = 5000): Promise<{ nodes: NodeReport[]; agree: boolean; differing: string[] }> {
  const nodes = await Promise.all(urls.map((u) => ask(u, timeoutMs)));
  const differing = COMPARED.filter((field) => new Set(nodes.map((n) => n[field])).size > 1 || nodes.some((n) => n[field] === null));
  return { nodes, agree: nodes.every((n) => n.ok) && differing.length === 0, differing };
}

async function main(argv: string[]): Promise<number> {
  if (!argv.length || argv.includes('--help')) {
    process.stderr.write('usage: npm run nodes -- http://node-a:8787 http://node-b:8787 …\n');
    return argv.length ? 0 : 2;
  }
  const { nodes, agree, differing } = await checkNodes(argv);
  for (const n of nodes) {
    process.stdout.write(
      `${n.url}  ${n.status}  version ${n.version ?? '-'}  state ${n.backend ?? '-'}  data ${n.data_version?.slice(0, 16) ?? '-'} (importer ${n.importer_version ?? '-'}, imported ${n.imported_at ?? '-'})\n`,
    );
  }
  process.stdout.write(agree ? 'the nodes agree\n' : `the nodes DIFFER: ${[...differing, ...nodes.filter((n) => !n.ok).map((n) => `${n.url} is ${n.status}`)].join('; ')}\n`);
  return agree ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main(process.argv.slice(2));
