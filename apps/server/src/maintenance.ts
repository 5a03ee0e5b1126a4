import type { FastifyInstance } from 'fastify';

export const MAINTENANCE_EVERY_MS = 15 * 60_000;
/** A turn may be taken a little early: the timers of several processes drift against each other. */
const TURN_SLACK_MS = 60_000;

/** Whether this process takes the turn at a periodic task (see MaintenanceTurns). */
export type ClaimTurn = (task: string, periodMs: number) => Promise<boolean>;

/**
 * Housekeeping that nothing else triggers (expired sign-in records, expired temporary files, crash
 * leftovers): run at start (when crash leftovers are likeliest) and then every 15 minutes, stopped when
 * the app closes. With several processes each periodic run goes to one of them (`claimTurn`), so the
 * work does not grow with their number; every task is also safe to run twice at once. A task that
 * answers with a count (or counts) above zero has it logged.
 */
export function scheduleMaintenance(app: FastifyInstance, tasks: Record<string, () => Promise<unknown>>, claimTurn: ClaimTurn): void {
  const run = async (name: string, task: () => Promise<unknown>, periodic: boolean): Promise<void> => {
    try {
      if (periodic && !(await claimTurn(name, MAINTENANCE_EVERY_MS - TURN_SLACK_MS))) return;
      const result = await task();
      if (didSomething(result)) app.log.info({ task: name, result }, 'maintenance task done');
    } catch (error) {
      app.log.warn({ err: error, task: name }, 'maintenance task failed');
    }
  };
  const runAll = (periodic: boolean): void => {
    for (const [name, task] of Object.entries(tasks)) void run(name, task, periodic);
  };
  app.addHook('onReady', (done) => {
    runAll(false);
    done();
  });
  const timer = setInterval(() => {
    runAll(true);
  }, MAINTENANCE_EVERY_MS).unref();
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
