import { startupBanner } from './banner.ts';
import { loadConfig } from './config.ts';
import { warmUpPdfRendererInBackground } from './modules/documents/pdf/warm-up.ts';
import { startRuntime } from './runtime.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const runtime = await startRuntime(config);
  await runtime.app.listen({ port: config.PORT, host: config.HOST });
  warmUpPdfRendererInBackground(runtime.app.log);

  console.log(startupBanner(config, { databaseKind: runtime.database.kind, seeded: runtime.seeded }));

  const shutdown = async (signal: string) => {
    runtime.app.log.info({ signal }, 'shutting down');
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Rentza failed to start:', error);
  process.exit(1);
});
