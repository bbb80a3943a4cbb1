import { isDevMailboxEnabled, loadConfig } from './config.ts';
import { DEMO_ACCOUNTS } from './db/seed/demo-accounts.ts';
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

  const lines = [
    '',
    `  Rentza is running at ${config.PUBLIC_URL}`,
    `  Database: ${runtime.database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`,
  ];
  if (config.API_DOCS) lines.push(`  API docs: ${config.PUBLIC_URL}/api/docs`);
  if (isDevMailboxEnabled(config))
    lines.push(`  Dev mailbox (emails are captured here): ${config.PUBLIC_URL}/dev/mailbox`);
  // Demo passwords are public; production refuses DEMO_DATA, and never prints them either way.
  if (config.DEMO_DATA && config.NODE_ENV !== 'production') {
    lines.push(runtime.seeded ? '  Demo data seeded. Demo accounts:' : '  Demo accounts:');
    for (const account of DEMO_ACCOUNTS) {
      lines.push(`    ${account.role.padEnd(12)} ${account.email.padEnd(22)} ${account.password}`);
    }
  }
  console.log(lines.join('\n'));

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
