import { prepareApp } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { startBanner } from './start-banner';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
  const prepared = await prepareApp(config);
  const { app, context } = prepared;
  let isShuttingDown = false;
  const shutdown = async (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await prepared.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.isProduction) {
    app.log.info(
      { url: config.appUrl, database: context.database.kind },
      `${config.BRAND_NAME} is serving on ${config.appUrl}`,
    );
  } else {
    process.stdout.write(`${startBanner(config, context.database)}\n`);
  }
}

main().catch((error) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
