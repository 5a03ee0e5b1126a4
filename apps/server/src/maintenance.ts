import type { FastifyInstance } from 'fastify';

const EVERY_MS = 15 * 60_000;

/**
 * Housekeeping that nothing else triggers (expired sign-in records, expired temporary files, crash
 * leftovers): run once at start and every 15 minutes, stopped when the app closes. Safe with several
 * processes: each task only deletes what has expired. A task that answers with a count (or counts)
 * above zero has it logged.
 */
export function scheduleMaintenance(app: FastifyInstance, tasks: Record<string, () => Promise<unknown>>): void {
  const runAll = (): void => {
    for (const [name, task] of Object.entries(tasks)) {
      task().then(
        (result) => {
          if (didSomething(result)) app.log.info({ task: name, result }, 'maintenance task done');
        },
        (error: unknown) => {
          app.log.warn({ err: error, task: name }, 'maintenance task failed');
        },
      );
    }
  };
  app.addHook('onReady', (done) => {
    runAll();
    done();
  });
  const timer = setInterval(runAll, EVERY_MS).unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });
}

function didSomething(result: unknown): boolean {
  if (typeof result === 'number') return result > 0;
  if (typeof result === 'object' && result !== null) return Object.values(result).some((value) => typeof value === 'number' && value > 0);
  return false;
}
