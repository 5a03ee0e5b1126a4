import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  baseUrl: string;
  /** Everything it has written so far (logs). */
  output: () => string;
}

/**
 * The server as `npm start` runs it, from the sources, in a process of its own: for tests that kill it
 * for real, or that time it from outside without their own work on its event loop. `environment` adds
 * to this process's (the data directory, limits); it listens on a free port of 127.0.0.1.
 */
export async function startServerProcess(environment: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=stitchwise-source', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer): void => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`the server did not start:\n${output}`));
    }, 30_000);
    const onData = (): void => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${output}`));
    });
  });
  return { child, baseUrl, output: () => output };
}

export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
}
