import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { servedOpenApiDocument } from './openapi-document.ts';

/** `npm run lint:openapi`: writes the served OpenAPI document to a temp file and runs `redocly lint` on it. */
const document = await servedOpenApiDocument();
const directory = mkdtempSync(path.join(tmpdir(), 'rentza-openapi-lint-'));
const file = path.join(directory, 'openapi.json');
writeFileSync(file, JSON.stringify(document, null, 2));
const root = path.resolve(import.meta.dirname, '..');
const result = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/@redocly/cli/bin/cli.js'),
    'lint',
    file,
    '--config',
    path.join(root, 'redocly.yaml'),
    ...process.argv.slice(2),
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
rmSync(directory, { recursive: true, force: true });
process.exit(result.status ?? 1);
