// Runs the browser tests in the Debian Chromium when this machine has it, on a fresh data
// directory; without Chromium it says so visibly and skips them (the rest of the suite still runs).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function findChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim() || undefined;
    } catch {
      // not on the PATH
    }
  }
  return undefined;
}

const chromium = findChromium();
if (!chromium) {
  console.log('\n  ⚠ Chromium is not installed: the browser tests (e2e/) are SKIPPED.');
  console.log('    Install it with `apt-get install -y chromium` (.ci/run does) to run them.\n');
  process.exit(0);
}
const dataDir = mkdtempSync(join(tmpdir(), 'stitchwise-e2e-'));
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, E2E_DATA_DIR: dataDir },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
