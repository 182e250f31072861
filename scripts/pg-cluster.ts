// A throw-away PostgreSQL cluster for the tests and the benchmark: Debian's `postgresql` package (initdb and
// postgres from /usr/lib/postgresql/<version>/bin), a fresh data directory in a temporary directory, a free
// loopback-free port (it listens only on a unix socket inside that directory), stopped and deleted afterwards.
// initdb refuses to run as root, so as root the cluster runs as the `postgres` system user (the package creates
// it; the processes are started with its uid/gid, like `runuser -u postgres --` but with the server as our direct
// child, so stopping it needs no signal forwarding) and the temporary directory is handed to that user.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface PgCluster {
  /** URL of a database in the cluster (the default maintenance database when no name is given) */
  url(database?: string): string;
  /** creates a fresh, empty database and returns its URL */
  createDatabase(prefix?: string): Promise<string>;
  /** stops the server as `pg_ctl stop -m immediate` does (SIGQUIT: every backend dropped at once, no checkpoint);
   * the data directory stays, so `start` brings the same cluster back */
  stopImmediate(): Promise<void>;
  /** starts the server again after `stopImmediate`, on the same port and socket; resolves once it accepts connections */
  start(): Promise<void>;
  /** SIGSTOP to the server and every backend: it still holds its sockets but answers nothing (a frozen or
   * partitioned server); `thaw` sends SIGCONT */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

/** A process and its descendants (read from /proc). */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // the parent pid is the 4th field, after the command in parentheses (which may hold spaces)
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process has gone
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return out;
}

/** The directory holding initdb and postgres, newest major first; null when PostgreSQL is not installed. */
export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs
      .readdirSync(root)
      .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return path.join(root, versions[0]!, 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'postgres'))) return dir;
  return null;
}

let counter = 0;

/** Creates a fresh, empty database in the cluster whose maintenance database `adminUrl` names; returns its URL. */
export async function createDatabase(adminUrl: string, prefix = 'svc_test'): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter++}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return adminUrl.replace(/^(postgres:\/\/[^/]*\/)[^?]*/, `$1${name}`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a cluster; `settings` are extra `-c name=value` server settings (e.g. fsync=off for tests). `tcp`: it also
 * listens on 127.0.0.1 and `url` names that address instead of the socket directory. */
export async function startPgCluster(opts: { settings?: Record<string, string>; log?: (line: string) => void; tcp?: boolean } = {}): Promise<PgCluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (Debian), or put initdb and postgres on PATH');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-pg-'));
  const data = path.join(dir, 'data');
  let child: ChildProcess | null = null as ChildProcess | null;
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    let user: { uid: number; gid: number } | object = {};
    if (asRoot) {
      const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
      user = { uid: id('-u'), gid: id('-g') };
      execFileSync('chown', ['postgres:postgres', dir]);
    }
    execFileSync(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], { stdio: 'pipe', cwd: dir, ...user });
    const port = await freePort();
    const settings = { listen_addresses: opts.tcp ? '127.0.0.1' : '', unix_socket_directories: dir, port: String(port), max_connections: '200', ...opts.settings };
    const args = ['-D', data, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
    const url = (database = 'postgres') => (opts.tcp ? `postgres://postgres@127.0.0.1:${port}/${database}` : `postgres://postgres@/${database}?host=${encodeURIComponent(dir)}&port=${port}`);
    let log = '';
    const launch = async (): Promise<ChildProcess> => {
      const server = spawn(path.join(bin, 'postgres'), args, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir, ...user });
      child = server;
      server.stderr!.on('data', (d: Buffer) => {
        log += d;
        opts.log?.(String(d));
      });
      // ready when a connection succeeds
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (server.exitCode !== null) throw new Error(`postgres exited with ${server.exitCode}:\n${log}`);
        const client = new pg.Client({ connectionString: url() });
        try {
          await client.connect();
          await client.end();
          return server;
        } catch (err) {
          await client.end().catch(() => undefined);
          if (Date.now() > deadline) throw new Error(`postgres did not accept connections within 30 s: ${(err as Error).message}\n${log}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    const halt = async (server: ChildProcess, signal: NodeJS.Signals) => {
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((r) => server.once('exit', r));
      server.kill(signal);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    };
    await launch();
    // If this process ends without stop() (an interrupted test run), the server must not outlive it.
    const orphanGuard = () => {
      child?.kill('SIGKILL');
      remove();
    };
    process.once('exit', orphanGuard);
    return {
      url,
      createDatabase: (prefix) => createDatabase(url(), prefix),
      stopImmediate: () => halt(child!, 'SIGQUIT'),
      async start() {
        await launch();
      },
      freeze() {
        for (const pid of processTree(child!.pid!)) process.kill(pid, 'SIGSTOP');
      },
      thaw() {
        for (const pid of processTree(child!.pid!)) process.kill(pid, 'SIGCONT');
      },
      async stop() {
        process.removeListener('exit', orphanGuard);
        await halt(child!, 'SIGINT'); // fast shutdown: disconnects clients and stops at once
        remove();
      },
    };
  } catch (err) {
    child?.kill('SIGKILL');
    remove();
    throw err;
  }
}
