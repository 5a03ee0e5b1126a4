/**
 * `npm run audit:web`: Lighthouse on the built web app, mobile and desktop, in the Debian Chromium.
 *
 * Builds nothing: run `npm run build` first. Starts the built server (apps/server/dist) on a free port
 * with a fresh data directory, audits `/`, `/stitch/new`, `/colors/dominant` and `/colors/matcher`
 * with Lighthouse's default mobile settings (simulated slow 4G, 4× slower CPU) and its desktop
 * settings, three times each, and prints the four category scores of the median run (Lighthouse's
 * computeMedianRun: scores on a shared machine vary from run to run), then the script the home page loads
 * as the server sends it (brotli). Exits with 1 when a target is missed: performance ≥ 90 on mobile,
 * accessibility, best practices and SEO 100, at most 100,000 bytes of compressed script on `/`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import * as medianRun from 'lighthouse/core/lib/median-run.js';
import { root, startServer, stopServer } from '../bench/load-server.js';

const PAGES = ['/', '/stitch/new', '/colors/dominant', '/colors/matcher'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const HOME_SCRIPT_BUDGET = 100_000;
/** `--save <dir>` keeps each run's full Lighthouse report (JSON) there, to read what a score is made of. */
const saveArgument = process.argv.indexOf('--save');
const saveDir = saveArgument > 0 ? process.argv[saveArgument + 1] : undefined;
/** `--runs <n>`: runs per page and form factor, the median one reported (Lighthouse's advice for variable scores). */
const runsArgument = process.argv.indexOf('--runs');
const RUNS = runsArgument > 0 ? Math.max(1, Number(process.argv[runsArgument + 1]) || 1) : 3;
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
];

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(`Usage: npm run audit:web [-- [--runs <n>] [--save <dir>]]

Runs Lighthouse (mobile and desktop) on ${PAGES.join(', ')} of the BUILT app
and prints the performance, accessibility, best-practices and SEO scores, and the compressed
script the home page loads. Needs \`npm run build\` first (it builds nothing itself) and Chromium
(\`which chromium\`, or CHROMIUM_PATH).

  --runs <n>    runs per page and form factor (3); the median run is reported (computeMedianRun)
  --save <dir>  keeps the reported runs' Lighthouse reports (JSON) in <dir>`);
  process.exit(0);
}

function findChromium(): string {
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  console.error('Chromium was not found: install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}

/** Chromium with a DevTools port of its own choosing, for Lighthouse to drive. */
async function launchChromium(path: string, profile: string): Promise<{ browser: ChildProcess; port: number }> {
  const browser = spawn(path, [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      reject(new Error(`Chromium did not open its DevTools port within 30 s:\n${output}`));
    }, 30_000);
    browser.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    browser.once('exit', (code) => {
      reject(new Error(`Chromium exited (${String(code)}) before it opened its DevTools port:\n${output}`));
    });
  });
  browser.stderr.resume(); // keep draining its log
  return { browser, port };
}

/** Body bytes of an answer as sent (not decoded), and its Content-Encoding, asking for brotli as Chromium does. */
function sentBytes(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'Accept-Encoding': 'br, gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => {
        resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'none' });
      });
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

interface Run {
  page: string;
  formFactor: 'mobile' | 'desktop';
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Audits of the four categories that were not passed in full, for what to fix. */
  shortfalls: string[];
  lhr: Result;
}

function summarise(page: string, formFactor: Run['formFactor'], lhr: Result): Run {
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Run['scores'];
  const shortfalls = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .flatMap((ref) => {
        const audit = lhr.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 0.9) return [];
        return [`${id}/${audit.id}${audit.displayValue ? ` ${audit.displayValue}` : ''} (${Math.round(audit.score * 100)})`];
      }),
  );
  return { page, formFactor, scores, shortfalls, lhr };
}

/**
 * The scripts the page loaded (Lighthouse's network log), with the body bytes the server sends for
 * each (fetched again: Lighthouse's transfer size counts the headers too) and that transfer size.
 */
async function scriptsLoaded(lhr: Result): Promise<{ url: string; bytes: number; encoding: string; transferSize: number }[]> {
  const details = lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined;
  const items = (details?.items ?? []).filter((item) => item.resourceType === 'Script');
  return Promise.all(items.map(async ({ url, transferSize = 0 }) => ({ url, transferSize, ...(await sentBytes(url)) })));
}

/**
 * One Lighthouse run in a Chromium of its own (a fresh profile: no cache, no storage, no earlier tab),
 * tried again once when Lighthouse could not record the page load (NO_NAVSTART and the like happen
 * now and then on a busy machine).
 */
async function audit(chromiumPath: string, url: string, formFactor: Run['formFactor']): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const profile = mkdtempSync(join(tmpdir(), 'stitchwise-audit-chromium-'));
    const { browser, port } = await launchChromium(chromiumPath, profile);
    try {
      const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
      const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
      const failure = result ? result.lhr.runtimeError?.message : 'Lighthouse returned no result';
      if (result && !failure) return result.lhr;
      if (attempt === 2) throw new Error(`Lighthouse failed on ${url} (${formFactor}): ${failure}`);
    } finally {
      if (browser.exitCode === null && browser.signalCode === null) {
        const exited = new Promise((resolve) => browser.once('exit', resolve));
        browser.kill('SIGTERM');
        await exited;
      }
      // Chromium's helper processes may still be writing to the profile for a moment after it exits; a
      // profile they kept busy is left to the system's temporary files rather than failing the audit.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch {
        console.warn(`Left a Chromium profile behind: ${profile}`);
      }
    }
  }
}

const pad = (text: string | number, width: number) => String(text).padEnd(width);

async function main(): Promise<void> {
  if (!existsSync(join(root, 'apps/server/dist/main.js')) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    console.error('The app is not built: run `npm run build` first (npm run audit:web audits the built app and builds nothing).');
    process.exit(1);
  }
  const chromiumPath = findChromium();
  const running = await startServer('warn', []);
  // Lighthouse's simulated mobile CPU is 4× the observed one: other work on the machine lowers performance.
  const load = loadavg().map((value) => value.toFixed(2));
  const runs: Run[] = [];
  let scripts: Awaited<ReturnType<typeof scriptsLoaded>> = [];
  try {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const page of PAGES) {
        const attempts: Result[] = [];
        for (let run = 0; run < RUNS; run++) attempts.push(await audit(chromiumPath, `${running.base}${page}`, formFactor));
        const lhr = (medianRun.computeMedianRun as (results: Result[]) => Result)(attempts);
        runs.push(summarise(page, formFactor, lhr));
        // Measured at once, while the build Lighthouse saw is surely the one being served.
        if (page === '/' && formFactor === 'mobile') scripts = await scriptsLoaded(lhr);
        if (saveDir) {
          mkdirSync(saveDir, { recursive: true });
          writeFileSync(join(saveDir, `${formFactor}${page === '/' ? '-home' : page.replaceAll('/', '-')}.json`), JSON.stringify(lhr));
        }
        process.stdout.write('.');
      }
    }
    process.stdout.write('\n');

    const home = runs.find((run) => run.page === '/' && run.formFactor === 'mobile')!;
    const scriptBytes = scripts.reduce((sum, script) => sum + script.bytes, 0);

    console.log(
      `\nLighthouse ${home.lhr.lighthouseVersion}, ${home.lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, server at ${running.base}; ${availableParallelism()} cores, load average ${load.join(' ')} at the start; the median of ${RUNS} run${RUNS === 1 ? '' : 's'} per row\n`,
    );
    console.log(`| ${pad('page', 17)} | ${pad('form factor', 11)} | performance | accessibility | best practices | SEO |`);
    console.log(`|${'-'.repeat(19)}|${'-'.repeat(13)}|-------------|---------------|----------------|-----|`);
    for (const run of runs) {
      const { performance, accessibility, seo } = run.scores;
      console.log(
        `| ${pad(run.page, 17)} | ${pad(run.formFactor, 11)} | ${pad(performance, 11)} | ${pad(accessibility, 13)} | ${pad(run.scores['best-practices'], 14)} | ${pad(seo, 3)} |`,
      );
    }
    const transferred = scripts.reduce((sum, script) => sum + script.transferSize, 0);
    console.log(
      `\nScript loaded by / (mobile run): ${scripts.length} files, ${scriptBytes.toLocaleString('en')} bytes as sent (${(scriptBytes / 1024).toFixed(1)} KiB), ` +
        `${transferred.toLocaleString('en')} bytes with response headers`,
    );
    for (const script of scripts) console.log(`  ${new URL(script.url).pathname}  ${script.bytes.toLocaleString('en')} bytes, ${script.encoding}`);

    const shortfalls = runs.filter((run) => run.shortfalls.length > 0);
    if (shortfalls.length > 0) {
      console.log('\nAudits below 90:');
      for (const run of shortfalls) console.log(`  ${run.page} (${run.formFactor}): ${run.shortfalls.join('; ')}`);
    }

    const missed = [
      ...runs
        .filter((run) => run.formFactor === 'mobile' && run.scores.performance < 90)
        .map((run) => `mobile performance ${run.scores.performance} on ${run.page}`),
      ...runs.flatMap((run) =>
        (['accessibility', 'best-practices', 'seo'] as const)
          .filter((id) => run.scores[id] < 100)
          .map((id) => `${id} ${run.scores[id]} on ${run.page} (${run.formFactor})`),
      ),
      ...(scriptBytes > HOME_SCRIPT_BUDGET
        ? [`${scriptBytes.toLocaleString('en')} bytes of script on / (at most ${HOME_SCRIPT_BUDGET.toLocaleString('en')})`]
        : []),
    ];
    if (missed.length > 0) {
      console.log(`\nTargets missed: ${missed.join('; ')}`);
      process.exitCode = 1;
    } else {
      console.log('\nEvery target met: mobile performance ≥ 90, accessibility, best practices and SEO 100, home script ≤ 100 KiB.');
    }
  } finally {
    await stopServer(running.server);
    rmSync(running.workDir, { recursive: true, force: true });
  }
}

await main();
