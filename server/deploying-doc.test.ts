import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDevMailboxEnabled, isPayfastSimulatorServed, loadConfig } from './config.ts';

const DOC = readFileSync(path.resolve(import.meta.dirname, '../docs/deploying.md'), 'utf8');

/** The `dotenv` block of docs/deploying.md as variables (KEY=value lines; comments and blanks skipped). */
function exampleEnvironment(): Record<string, string> {
  const block = /```dotenv\n([\s\S]*?)```/.exec(DOC)?.[1];
  if (!block) throw new Error('docs/deploying.md has no ```dotenv example block');
  const entries = block
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const equals = line.indexOf('=');
      if (equals < 1) throw new Error(`not KEY=value: ${line}`);
      return [line.slice(0, equals), line.slice(equals + 1)] as const;
    });
  return Object.fromEntries(entries);
}

describe('docs/deploying.md', () => {
  it('its example environment is a valid production configuration', () => {
    const env = exampleEnvironment();
    expect(env.NODE_ENV).toBe('production');
    const config = loadConfig(env);
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      PAYFAST_MODE: 'live',
      DEMO_DATA: false,
      API_DOCS: false,
      TRUST_PROXY: ['127.0.0.1'],
      publicUrlConfigured: true,
    });
    expect(isDevMailboxEnabled(config)).toBe(false);
    expect(isPayfastSimulatorServed(config)).toBe(false);
  });

  it('names every setting the configuration accepts', () => {
    const accepted = Object.keys(loadConfig({})).filter((key) => /^[A-Z][A-Z0-9_]+$/.test(key));
    const undocumented = accepted.filter((key) => !DOC.includes(`\`${key}\``));
    expect(undocumented).toEqual([]);
  });

  it('the minimal production environment without PayFast settings is refused', () => {
    const { PAYFAST_MODE, PAYFAST_MERCHANT_ID, PAYFAST_MERCHANT_KEY, PAYFAST_PASSPHRASE, ...rest } =
      exampleEnvironment();
    expect(PAYFAST_MODE).toBeDefined();
    expect(() => loadConfig(rest)).toThrow(/PAYFAST_MODE: is required in production/);
  });
});
