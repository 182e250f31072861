// The cost of the access layer: an authenticated, quota-counted /v1/models call (key lookup, one durable counting
// write, group-committed) against the bare Fastify route. The machine is shared, so one long run of each is at the
// mercy of whatever else runs at that moment: the suite alternates short bare/app runs and takes the median of the
// per-pair ratios, and also reads each server's CPU time per request from /proc (Linux), which background load
// disturbs far less than throughput.
import fs from 'node:fs';
import type { BenchHarness, BenchRow } from './harness.ts';

/** The pid of the process listening on a loopback TCP port (Linux /proc), or null. */
function pidListeningOn(port: number): number | null {
  try {
    const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
    let inode: string | undefined;
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      if (!fs.existsSync(table)) continue;
      for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
        const cols = line.trim().split(/\s+/);
        // local_address is ip:port in hex; state 0A is LISTEN
        if (cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A') inode = cols[9];
      }
    }
    if (!inode) return null;
    for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      let fds: string[];
      try {
        fds = fs.readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue;
      }
      for (const fd of fds) {
        try {
          if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return Number(pid);
        } catch {
          // fd closed meanwhile
        }
      }
    }
  } catch {
    // not Linux, or /proc unreadable: the CPU rows are left out
  }
  return null;
}

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat, i.e. 11 and 12 after the command name; clock ticks of 1/100 s
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export default async function access(h: BenchHarness): Promise<BenchRow[]> {
  const server = await h.startServer('app');
  try {
    const appUrl = `${server.url}/v1/models`;
    const bareUrl = `${h.bare.url}/bare`;
    const headers = { authorization: `Bearer ${server.key}` };
    const appPid = pidListeningOn(Number(new URL(server.url).port));
    const barePid = pidListeningOn(Number(new URL(h.bare.url).port));
    const rounds = h.quick ? 1 : 4;
    const seconds = h.quick ? 1 : 3;
    const ratios: number[] = [];
    const appRps: number[] = [];
    const bareRps: number[] = [];
    const cpu = { app: 0, bare: 0, appReq: 0, bareReq: 0 };
    const measure = async (url: string, hdrs?: Record<string, string>, pid?: number | null) => {
      const c0 = pid ? cpuSeconds(pid) : 0;
      const r = await h.http(url, { headers: hdrs, seconds });
      if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx and ${r.errors} errors during the run of ${url}`);
      const used = pid ? cpuSeconds(pid) - c0 : 0;
      return { r, used, requests: r.rps * seconds };
    };
    await h.http(appUrl, { headers, seconds: 1 }); // warm-up: JIT, statement cache, key cache
    for (let i = 0; i < rounds; i++) {
      const bare = await measure(bareUrl, undefined, barePid);
      const app = await measure(appUrl, headers, appPid);
      bareRps.push(bare.r.rps);
      appRps.push(app.r.rps);
      ratios.push(bare.r.rps / app.r.rps);
      cpu.bare += bare.used;
      cpu.bareReq += bare.requests;
      cpu.app += app.used;
      cpu.appReq += app.requests;
    }
    const costRatio = median(ratios);
    const rows: BenchRow[] = [
      {
        name: `authenticated /v1/models (key + counted call), 64 conns, median of ${rounds}`,
        figure: median(appRps),
        unit: 'req/s',
        better: 'higher',
        baseline: { name: 'bare route, alternating runs', figure: median(bareRps) },
      },
      { name: 'time per authenticated call relative to bare route (median of alternating pairs)', figure: costRatio, unit: '×', better: 'lower', target: '≤ 1.5×', pass: costRatio <= 1.5 },
    ];
    if (appPid && barePid && cpu.appReq && cpu.bareReq) {
      const appUs = (cpu.app / cpu.appReq) * 1e6;
      const bareUs = (cpu.bare / cpu.bareReq) * 1e6;
      rows.push(
        { name: 'server CPU per authenticated /v1/models call', figure: appUs, unit: 'µs', better: 'lower', baseline: { name: 'bare route', figure: bareUs } },
        { name: 'server CPU per authenticated call relative to bare route', figure: appUs / bareUs, unit: '×', better: 'lower' },
      );
    }
    return rows;
  } finally {
    await server.close();
  }
}
