// The benchmarks' PostgreSQL: the cluster DATABASE_URL names, or else a throw-away one started for
// the run with scripts/with-postgres.sh (the same script as the test lane), held open until the
// bench stops it. Every measurement gets a database of its own, cloned from a template the
// bench builds once (`create database … template …`; the role has CREATEDB).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPostgresUrl, openPostgresDatabase, postgresPoolOf } from '../apps/sync-server/src/db/postgres.ts';
import { readProcessTreeCpu, type TreeCpu } from './process-cpu.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BenchPostgres {
  /** The cluster's URL as given (its database is only used to create the others). */
  url: string;
  /** A new database (empty, or cloned from `template`); its URL. */
  createDatabase(name: string, template?: string): Promise<string>;
  dropDatabase(name: string): Promise<void>;
  /** The CPU seconds the cluster's processes spent so far, or undefined when it is not on this machine. */
  clusterCpu(): TreeCpu | undefined;
  /** "PostgreSQL 15.14 (started for this run)" */
  describe: string;
  stop(): Promise<void>;
}

export function databaseUrl(clusterUrl: string, database: string): string {
  const url = new URL(clusterUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Starts with-postgres.sh around a process that prints DATABASE_URL and waits for its stdin to close. */
async function startThrowAwayCluster(): Promise<{ url: string; stop(): Promise<void> }> {
  const hold = `console.log(process.env.DATABASE_URL); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`;
  const child = spawn('bash', [path.join(repoRoot, 'scripts/with-postgres.sh'), process.execPath, '-e', hold], {
    stdio: ['pipe', 'pipe', 'inherit'],
    // Durable as a production cluster: SQLite's side commits with synchronous=FULL.
    env: { ...process.env, DATABASE_URL: '', WITH_POSTGRES_DURABLE: '1' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((text) => isPostgresUrl(text.trim()));
      if (line !== undefined) resolve(line.trim());
    });
    child.once('exit', (code) =>
      reject(new Error(`scripts/with-postgres.sh ended (${code}) before the cluster was up`)),
    );
  });
  return {
    url,
    async stop() {
      child.stdin.end();
      await exited;
    },
  };
}

/** The postmaster's pid, found from a backend's parent, when the cluster runs on this machine. */
function postmasterOf(backendPid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${backendPid}/stat`, 'utf8');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const command = readFileSync(`/proc/${parent}/cmdline`, 'utf8');
    return command.includes('postgres') ? parent : undefined;
  } catch {
    return undefined;
  }
}

/** The cluster of DATABASE_URL when it names one, else a throw-away cluster started here. */
export async function openBenchPostgres(): Promise<BenchPostgres> {
  const given = process.env.DATABASE_URL;
  const started = given !== undefined && isPostgresUrl(given) ? undefined : await startThrowAwayCluster();
  const url = started?.url ?? given!;
  const admin = openPostgresDatabase(url, { poolSize: 1 });
  const pool = postgresPoolOf(admin)!;
  const { rows } = await pool.query<{ pid: number; version: string }>(
    `select pg_backend_pid() as pid, current_setting('server_version') as version`,
  );
  const postmaster = new URL(url).hostname.match(/^(127\.0\.0\.1|localhost|::1)$/)
    ? postmasterOf(rows[0]!.pid)
    : undefined;
  return {
    url,
    describe: `PostgreSQL ${rows[0]!.version} (${started ? 'a throw-away cluster started for this run by scripts/with-postgres.sh' : 'DATABASE_URL'})`,
    async createDatabase(name, template) {
      await pool.query(`drop database if exists ${name} with (force)`);
      await pool.query(`create database ${name}${template ? ` template ${template}` : ''}`);
      return databaseUrl(url, name);
    },
    async dropDatabase(name) {
      await pool.query(`drop database if exists ${name} with (force)`);
    },
    clusterCpu: () => (postmaster === undefined ? undefined : readProcessTreeCpu(postmaster, 'postgres')),
    async stop() {
      await admin.destroy();
      await started?.stop();
    },
  };
}

/** CPU seconds spent between two readings of a process tree. */
export function treeSeconds(before: TreeCpu | undefined, after: TreeCpu | undefined): number | undefined {
  if (before === undefined || after === undefined) return undefined;
  let seconds = 0;
  for (const [pid, entry] of after) seconds += entry.seconds - (before.get(pid)?.seconds ?? 0);
  return seconds;
}
