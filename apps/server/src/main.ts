import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { StartupRefused } from './db/database.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // A stuck request must not keep the process alive for ever.
    setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Stitchwise is serving ${config.publicUrl} (API docs at ${config.publicUrl}/api/docs)`);
}

main().catch((error: unknown) => {
  // Messages meant for the operator are printed as they are; anything else with its stack.
  console.error(error instanceof ConfigError || error instanceof StartupRefused ? error.message : error);
  process.exit(1);
});
