// `npm run keys -- <command>`: key administration from the shell, for bootstrapping before any administrator
// credentials exist. Works on the state database the server uses (STATE_DATABASE_URL, else the SQLite file STATE_DB),
// also while servers run: a running server sees a toggle or revocation at the key's next call.
//
//   npm run keys -- issue --name NAME [--daily-limit N] [--expires-days N]
//   npm run keys -- list [--json]
//   npm run keys -- toggle ID
//   npm run keys -- revoke ID
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { listKeys, revokeKey, toggleKey } from '../src/access/admin.ts';
import { DEFAULT_DAILY_LIMIT, issueKey, MAX_DAILY_LIMIT, MAX_EXPIRES_DAYS } from '../src/access/keys.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { openStateStore, StateOpenError } from '../src/state.ts';
import { ServiceError } from '../src/errors.ts';

const USAGE = `usage:
  npm run keys -- issue --name NAME [--daily-limit N] [--expires-days N] [--json]
  npm run keys -- list [--json]
  npm run keys -- toggle ID [--json]
  npm run keys -- revoke ID [--json]
The state database is STATE_DATABASE_URL when set, else STATE_DB (default data/svc-state.db). --daily-limit defaults to ${DEFAULT_DAILY_LIMIT} calls per day
(days start at midnight Asia/Shanghai); without --expires-days the key does not expire.`;

class UsageError extends Error {}

const intArg = (name: string, max: number) =>
  z.coerce
    .number({ error: `--${name} must be a whole number` })
    .int(`--${name} must be a whole number`)
    .min(1, `--${name} must be at least 1`)
    .max(max, `--${name} must be at most ${max}`);

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

async function main(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      'daily-limit': { type: 'string' },
      'expires-days': { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, id, ...extra] = positionals;
  if (values.help || !command) {
    (values.help ? io.out : io.err)(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const config = loadConfig(env);
  const out = (human: string, json: unknown) => io.out(values.json ? `${JSON.stringify(json, null, 2)}\n` : `${human}\n`);
  const needId = () => {
    if (!id || extra.length) throw new UsageError(`${command} takes exactly one key id (see \`npm run keys -- list\`)`);
    return id;
  };

  const db = await openStateStore(config);
  try {
    switch (command) {
      case 'issue': {
        if (positionals.length > 1) throw new UsageError(`issue takes no positional arguments (got ${positionals.slice(1).join(' ')})`);
        const name = (values.name ?? '').trim();
        if (!name) throw new UsageError('issue needs --name NAME');
        const parse = (schema: z.ZodType<number>, raw: string | undefined) => {
          if (raw === undefined) return undefined;
          const r = schema.safeParse(raw);
          if (!r.success) throw new UsageError(r.error.issues[0]!.message);
          return r.data;
        };
        const { key, record } = await issueKey(db, config.keyPrefix, {
          name,
          daily_limit: parse(intArg('daily-limit', MAX_DAILY_LIMIT), values['daily-limit']),
          expires_days: parse(intArg('expires-days', MAX_EXPIRES_DAYS), values['expires-days']),
        });
        out(
          [
            `issued key ${record.id} (${record.name}), ${record.daily_limit} calls/day, ${record.expires_at ? `expires ${record.expires_at}` : 'no expiry'}`,
            '',
            `  ${key}`,
            '',
            'Store it now: it is shown only this once and cannot be retrieved later.',
          ].join('\n'),
          { id: record.id, key, name: record.name, daily_limit: record.daily_limit, created_at: record.created_at, expires_at: record.expires_at },
        );
        return 0;
      }
      case 'list': {
        if (positionals.length > 1) throw new UsageError('list takes no arguments');
        const keys = await listKeys(db, config.keyPrefix);
        const lines = keys.map((k) =>
          [k.id, k.key, k.status + (k.expired ? ' (expired)' : ''), `${k.calls_today}/${k.daily_limit} today`, k.name, `created ${k.created_at}`, `last used ${k.last_used_at ?? 'never'}`].join('  '),
        );
        out(lines.length ? lines.join('\n') : 'no keys issued yet', keys);
        return 0;
      }
      case 'toggle': {
        const r = await toggleKey(db, needId());
        out(`key ${r.id} is now ${r.status}`, r);
        return 0;
      }
      case 'revoke': {
        const r = await revokeKey(db, needId());
        out(`key ${r.id} is revoked (since ${r.revoked_at}); it can never be re-enabled`, r);
        return 0;
      }
      default:
        throw new UsageError(`unknown command "${command}"; commands: issue, list, toggle, revoke`);
    }
  } finally {
    await db.close();
  }
}

/** Runs one CLI command; returns the exit code (0 ok, 1 refused, 2 bad arguments). */
export async function runKeysCli(argv: string[], env: NodeJS.ProcessEnv = process.env, io: CliIo = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) }): Promise<number> {
  try {
    return await main(argv, env, io);
  } catch (err) {
    if (err instanceof UsageError || (err instanceof TypeError && (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))) {
      io.err(`${err.message}\n\n${USAGE}\n`);
      return 2;
    }
    if (err instanceof ServiceError || err instanceof ConfigError || err instanceof StateOpenError) {
      io.err(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await runKeysCli(process.argv.slice(2));
