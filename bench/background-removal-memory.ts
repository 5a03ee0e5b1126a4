/**
 * `npm run bench:memory`: the server's resident memory through background removals, today's
 * set-up against the one before issue 15, and the mattes of both on the same photos.
 *
 * Memory: each set-up runs the real server in a fresh Node process (background-removal-probe.ts),
 * which makes three removals of a 12-megapixel photo and then idles. This process samples the
 * resident set size of that server and of every process it started (the segmentation worker) from
 * /proc every 20 ms, and
 * reads each one's high-water mark (VmHWM, which a new program starts afresh, unlike getrusage's
 * maxRSS), so a peak inside native code is not missed. Target: at most 1 GB after the removals.
 * Time per removal is printed as wall time (the first one loads the model) and as CPU time of all
 * processes (model load included), which a busy machine disturbs less.
 *
 * Quality: the alpha channel of both set-ups' cut-outs on several photos: intersection over union
 * of alpha > 128, mean and largest absolute difference (0–255).
 *
 * Linux only (/proc); takes about three minutes.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import sharp from 'sharp';
import { applyMatte, createSegmentationSession, foregroundMatte } from '../apps/server/src/images/background-removal.js';
import type { SegmentationResult } from '../apps/server/src/images/background-removal.js';
import { decodeImage } from '../apps/server/src/images/decode.js';
import { sniffImage } from '../apps/server/src/images/sniff.js';
import { WorkerProcess } from '../apps/server/src/images/worker-process.js';
import { BackgroundRemoval } from '../apps/server/src/services/shared/background-removal.js';
import { subjectOnPlainBackground } from '../apps/server/test/support/images.js';
import type { Setup } from './background-removal-probe.js';

const require = createRequire(import.meta.url);
const TARGET_MB = 1024;
const MB = 1024; // /proc reports kB

interface ProcessMemory {
  rssKb: number;
  hwmKb: number;
  /** CPU time used so far (user + system), in seconds. */
  cpuSeconds: number;
}

/** Linux's clock tick for /proc/<pid>/stat times (USER_HZ, 100 on every common architecture). */
const TICKS_PER_SECOND = 100;

/** VmRSS, VmHWM and CPU time of a process, or undefined once it has gone. */
function memoryOf(pid: number): ProcessMemory | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string): number => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    // utime and stime: the 14th and 15th fields, counted after the parenthesised command name.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const times = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { rssKb: field('VmRSS'), hwmKb: field('VmHWM'), cpuSeconds: (Number(times[11]) + Number(times[12])) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

/** The process and all its descendants. */
function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${tree[i]}/task`)) {
        const children = readFileSync(`/proc/${tree[i]}/task/${task}/children`, 'utf8').trim();
        if (children) tree.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // gone in the meantime
    }
  }
  return tree;
}

/** Resident MB at one moment: the server process and its children together, and the server alone. */
interface Resident {
  total: number;
  server: number;
  /** CPU seconds used so far by the server and every child it has had. */
  cpuSeconds: number;
}

interface MemoryRun {
  phases: Record<string, Resident>;
  /** Highest sampled sum over the tree. */
  peakTotal: number;
  /** High-water marks: the server process, and the largest of its children. */
  peakServer: number;
  peakWorker: number;
  secondsPerRemoval: number[];
}

async function measureMemory(setup: Setup, photo: string): Promise<MemoryRun> {
  const probe = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=stitchwise-source', new URL('./background-removal-probe.ts', import.meta.url).pathname, setup, photo],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const run: MemoryRun = { phases: {}, peakTotal: 0, peakServer: 0, peakWorker: 0, secondsPerRemoval: [] };
  const workers = new Set<number>();
  const isWorker = (pid: number): boolean => {
    if (workers.has(pid)) return true;
    try {
      // Read again until it matches: a process just forked shows its parent's command line until it runs its own.
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('segmentation-worker')) return false;
    } catch {
      return false; // gone
    }
    workers.add(pid);
    return true;
  };
  const cpuByProcess = new Map<number, number>(); // last seen: a child that has gone keeps its share
  const resident = (): Resident => {
    let total = 0;
    let server = 0;
    for (const pid of processTree(probe.pid!)) {
      const memory = memoryOf(pid);
      if (!memory) continue;
      cpuByProcess.set(pid, memory.cpuSeconds);
      total += memory.rssKb; // every child counts, a short-lived helper too
      if (pid === probe.pid) {
        server = memory.rssKb;
        run.peakServer = Math.max(run.peakServer, memory.hwmKb / MB);
      } else if (isWorker(pid)) run.peakWorker = Math.max(run.peakWorker, memory.hwmKb / MB);
    }
    return { total: total / MB, server: server / MB, cpuSeconds: [...cpuByProcess.values()].reduce((sum, seconds) => sum + seconds, 0) };
  };
  const sampler = setInterval(() => {
    run.peakTotal = Math.max(run.peakTotal, resident().total);
  }, 20);
  const exited = new Promise<number | null>((resolve) => probe.once('exit', resolve));
  for await (const line of createInterface({ input: probe.stdout })) {
    const [kind, value] = line.split(' ');
    if (kind === 'phase') run.phases[value!] = resident();
    else if (kind === 'seconds') run.secondsPerRemoval = JSON.parse(line.slice('seconds '.length)) as number[];
    else console.log(line);
  }
  clearInterval(sampler);
  if ((await exited) !== 0) throw new Error(`The ${setup} probe failed`);
  return run;
}

interface Quality {
  photo: string;
  iou: number;
  meanDifference: number;
  maxDifference: number;
}

/** Alpha of every pixel of an RGBA PNG. */
async function alphaOf(png: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await sharp(png).extractChannel(3).raw().toBuffer());
}

async function compareMattes(photos: { name: string; bytes: Uint8Array }[]): Promise<Quality[]> {
  const threads = availableParallelism();
  const worker = new WorkerProcess('segmentation-worker', { maxQueue: 4 });
  const current = new BackgroundRemoval(worker, threads);
  const previous = await createSegmentationSession(threads, { enableCpuMemArena: true, enableMemPattern: true });
  const rows: Quality[] = [];
  try {
    for (const { name, bytes } of photos) {
      const header = sniffImage(bytes)!;
      const result: SegmentationResult = await current.remove({ bytes, header, field: 'image_file' });
      const ours = await alphaOf(result.png);
      const image = await decodeImage(bytes, header);
      const before = applyMatte(image, await foregroundMatte(image, previous));
      let intersection = 0;
      let union = 0;
      let sum = 0;
      let max = 0;
      for (let i = 0; i < ours.length; i++) {
        const a = before.data[i * 4 + 3]!;
        const b = ours[i]!;
        if (a > 128 && b > 128) intersection++;
        if (a > 128 || b > 128) union++;
        sum += Math.abs(a - b);
        max = Math.max(max, Math.abs(a - b));
      }
      rows.push({
        photo: `${name} (${image.width} × ${image.height})`,
        iou: union ? intersection / union : 1,
        meanDifference: sum / ours.length,
        maxDifference: max,
      });
    }
  } finally {
    await worker.close();
  }
  return rows;
}

if (!existsSync('/proc/self/status')) {
  console.log('The background-removal memory benchmark reads /proc: Linux only.');
  process.exit(0);
}

const directory = mkdtempSync(join(tmpdir(), 'stitchwise-bench-'));
try {
  const kodim21 = readFileSync(require.resolve('rgbquant/demo/img/kodim21.png'));
  const twelveMp = join(directory, 'kodim21-12mp.jpg');
  writeFileSync(twelveMp, await sharp(kodim21).resize(4242, 2828, { kernel: 'lanczos3' }).jpeg({ quality: 92 }).toBuffer());

  console.log(
    '\nBackground removal: resident memory (MB) of the server process and its children — total (server + worker) — ' +
      "through 3 removals of a 4242 × 2828 photo (12 MP); peaks are each process's high-water mark",
  );
  const runs: Record<Setup, MemoryRun> = { previous: await measureMemory('previous', twelveMp), current: await measureMemory('current', twelveMp) };
  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  const figure = (value: number): string => value.toFixed(0);
  const split = (resident: Resident | undefined): string => {
    if (!resident) return '–';
    const children = resident.total - resident.server;
    return children < 1 ? figure(resident.total) : `${figure(resident.total)} (${figure(resident.server)} + ${figure(children)})`;
  };
  const labels: Record<Setup, string> = {
    previous: 'before: model in the server process, ORT arena on',
    current: 'now: worker process, ORT arena off',
  };
  console.table(
    (['previous', 'current'] as const).map((setup) => {
      const run = runs[setup];
      return {
        'set-up': labels[setup],
        before: split(run.phases['before']),
        'peak server / worker': `${figure(run.peakServer)} / ${run.peakWorker ? figure(run.peakWorker) : '–'}`,
        'peak total (sampled)': figure(run.peakTotal),
        'after 3': split(run.phases['after']),
        'idle 30 s': split(run.phases['idle30']),
        'idle 65 s': split(run.phases['idle65']),
        's/removal (1st, median)': `${run.secondsPerRemoval[0]?.toFixed(1)}, ${median(run.secondsPerRemoval.slice(1)).toFixed(1)}`,
        'CPU s/removal': (((run.phases['after']?.cpuSeconds ?? NaN) - (run.phases['before']?.cpuSeconds ?? NaN)) / 3).toFixed(1),
      };
    }),
  );
  const total = (setup: Setup, phase: string): number => runs[setup].phases[phase]?.total ?? NaN;
  const ratio = (phase: string): string => (total('current', phase) / total('previous', phase)).toFixed(2);
  const after = total('current', 'after');
  console.log(
    `now ÷ before: after 3 removals ×${ratio('after')}, idle 30 s ×${ratio('idle30')}, peak ×${(runs.current.peakTotal / runs.previous.peakTotal).toFixed(2)}; ` +
      `after 3 removals ${after.toFixed(0)} MB with the worker (target ≤ ${TARGET_MB} MB) ${after <= TARGET_MB ? '✓' : '✗'}`,
  );

  console.log('\nMatte now against before (alpha of the cut-out): IoU of alpha > 128, mean and largest |Δ alpha|');
  const photo = (path: string): Uint8Array => new Uint8Array(readFileSync(require.resolve(path)));
  const quality = await compareMattes([
    { name: 'subject on plain grey', bytes: new Uint8Array(await subjectOnPlainBackground()) },
    { name: 'baboon', bytes: photo('baboon-image/baboon.png') },
    { name: 'kodim21', bytes: photo('rgbquant/demo/img/kodim21.png') },
    { name: 'redpanda', bytes: photo('rgbquant/demo/img/redpanda.jpg') },
    { name: 'pheasant', bytes: photo('rgbquant/demo/img/pheasant.jpg') },
    { name: 'kitteh1', bytes: photo('rgbquant/demo/img/kitteh1.jpg') },
    { name: 'plush', bytes: photo('rgbquant/demo/img/plush.jpg') },
    { name: 'kodim21 12 MP', bytes: new Uint8Array(readFileSync(twelveMp)) },
  ]);
  console.table(quality.map((row) => ({ photo: row.photo, IoU: row.iou.toFixed(4), 'mean |Δ|': row.meanDifference.toFixed(3), 'max |Δ|': row.maxDifference })));
} finally {
  rmSync(directory, { recursive: true, force: true });
}
