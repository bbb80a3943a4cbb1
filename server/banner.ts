import type { Config } from './config.ts';
import { isDevMailboxEnabled } from './config.ts';
import { DEMO_ACCOUNTS } from './db/seed/demo-accounts.ts';

/** What the server prints once it listens. Demo passwords only outside production (they are public). */
export function startupBanner(
  config: Config,
  runtime: { databaseKind: 'pglite' | 'postgres'; seeded: boolean },
) {
  const lines = [
    '',
    `  Rentza is running at ${config.PUBLIC_URL}`,
    `  Database: ${runtime.databaseKind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`,
  ];
  if (config.API_DOCS) lines.push(`  API docs: ${config.PUBLIC_URL}/api/docs`);
  if (isDevMailboxEnabled(config))
    lines.push(`  Dev mailbox (emails are captured here): ${config.PUBLIC_URL}/dev/mailbox`);
  if (config.DEMO_DATA && config.NODE_ENV !== 'production') {
    lines.push(runtime.seeded ? '  Demo data seeded. Demo accounts:' : '  Demo accounts:');
    for (const account of DEMO_ACCOUNTS) {
      lines.push(`    ${account.role.padEnd(12)} ${account.email.padEnd(22)} ${account.password}`);
    }
  }
  return lines.join('\n');
}
