import { randomUUID } from 'node:crypto';
import {
  adjustmentsOf,
  BRANDS,
  readWrittenThread,
  THREAD_BRANDS,
  threadKey,
  toGenerationFields,
  type GenerationSettings,
  type ThreadBrand,
} from '@stitchwise/core';
import type { ClientKey } from '../auth/client-key.js';
import { MessageChannel } from 'node:worker_threads';
import { ANONYMOUS_LIMITS, type GenerationStage, type StitchPlan } from '../contract/patterns.js';
import type { ProjectMetadata, ProjectParameters } from '../contract/projects.js';
import { nowIso } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { HttpProblem } from '../http/problem.js';
import type { PatternTaskResult, PatternTaskStage } from '../images/image-worker.js';
import type { ImageInput, ImageIntake } from '../images/intake.js';
import type { WorkerPool } from '../images/worker-pool.js';
import type { ProjectsRepository } from '../repositories/projects.js';
import type { StoredOutputs } from '../repositories/stored-project.js';
import type { TransientFiles } from '../repositories/transient-files.js';
import type { FileStore } from '../storage/file-store.js';
import type { BackgroundRemoval } from './shared/background-removal.js';
import { chartImageSize, estimatedImageBytes, type ChartStore } from './shared/chart-store.js';
import { runImageWork } from './shared/image-work.js';
import type { OwnedThreadsRepository } from '../repositories/owned-threads.js';
import type { StorageQuota } from './shared/storage-quota.js';
import type { ClaimTokens } from './shared/claim-tokens.js';

/** How a caller follows a generation: told of each stage as it begins, and able to stop it. */
export interface GenerationControl {
  onStage?: (stage: GenerationStage) => void;
  /** Aborted when the client has gone: waiting work is dropped, running work is stopped, nothing is stored. */
  signal?: AbortSignal;
}

/** The settings a visitor asked for that need an account, as field errors. */
export function anonymousViolations(settings: GenerationSettings): { field: string; message: string }[] {
  const violations: { field: string; message: string }[] = [];
  if (settings.colors > ANONYMOUS_LIMITS.maxColors) violations.push({ field: 'colors', message: `more than ${ANONYMOUS_LIMITS.maxColors} colours` });
  if (settings.cellSize !== ANONYMOUS_LIMITS.cellSize)
    violations.push({ field: 'cell_size', message: `a stitch size other than ${ANONYMOUS_LIMITS.cellSize}` });
  if (!(ANONYMOUS_LIMITS.maxSides as readonly number[]).includes(settings.maxSide)) {
    violations.push({ field: 'max_side', message: `a pattern size other than ${ANONYMOUS_LIMITS.maxSides.join(', ')}` });
  }
  if (settings.useKmeans) violations.push({ field: 'use_kmeans', message: 'k-means colour reduction' });
  if (settings.symbols) violations.push({ field: 'return_symbols_overlay', message: 'symbols on the chart' });
  if (settings.removeBackground) violations.push({ field: 'remove_background', message: 'background removal' });
  if (settings.mergeThreads) violations.push({ field: 'merge_dmc_colors', message: 'merging similar threads' });
  if (settings.onlyOwnedThreads) violations.push({ field: 'only_owned_threads', message: 'only the threads you own' });
  return violations;
}

/** Turns images into stitch charts; signed-in results become projects, visitors' results expire. */
export class StitchService {
  constructor(
    private readonly pool: WorkerPool,
    private readonly backgroundRemoval: BackgroundRemoval,
    private readonly intake: ImageIntake,
    private readonly files: FileStore,
    private readonly transientFiles: TransientFiles,
    private readonly projects: ProjectsRepository,
    private readonly fileUrl: (id: string) => string,
    private readonly claims: ClaimTokens,
    private readonly charts: ChartStore,
    private readonly ownedThreads: OwnedThreadsRepository,
    private readonly quota: StorageQuota,
  ) {}

  /** A signed-in `owner` gets a project; otherwise the result is kept 24 hours, stored for `client`. */
  async generate(
    input: ImageInput,
    settings: GenerationSettings,
    client: ClientKey,
    owner?: { user: UserRow; projectName: string },
    { onStage, signal }: GenerationControl = {},
  ): Promise<StitchPlan> {
    const started = performance.now();
    settings = { ...settings, leftOutThreads: leftOutCodes(settings.leftOutThreads, settings.brand) };
    if (!owner) {
      const violations = anonymousViolations(settings);
      if (violations.length > 0) {
        throw new HttpProblem(
          403,
          'sign_in_required',
          `Sign in to use ${violations.map((v) => v.message).join(', ')}. Without an account, patterns use up to ${ANONYMOUS_LIMITS.maxColors} colours, stitch size ${ANONYMOUS_LIMITS.cellSize} and sizes ${ANONYMOUS_LIMITS.maxSides.join(', ')}.`,
          violations,
        );
      }
    }
    // Read before any heavy work, so a stash too small or a full storage is refused at once.
    const threadKeys = owner && settings.onlyOwnedThreads ? await this.ownedThreadKeys(owner.user, settings.brand, settings.leftOutThreads) : undefined;
    if (owner) await this.quota.assertRoom(owner.user, input.bytes.byteLength);
    signal?.throwIfAborted(); // gone while the upload or the picture's address was read
    let source = input;
    if (settings.removeBackground) {
      onStage?.('removing_background');
      source = this.intake.check((await this.backgroundRemoval.remove(input, undefined, signal)).png);
    }
    // The worker posts its stages on this channel as it reaches them.
    const stages = new MessageChannel();
    stages.port1.on('message', (stage: PatternTaskStage) => onStage?.(stage));
    const { maxSide, colors, useKmeans, mergeThreads, cleanConfetti, dithering, blends, brand } = settings;
    const options = { maxSide, colors, useKmeans, mergeThreads, cleanConfetti, dithering, blends, ...adjustmentsOf(settings), brand, threadKeys };
    const result = await runImageWork(
      () =>
        this.pool.run<PatternTaskResult>(
          { kind: 'pattern', bytes: source.bytes, header: source.header, options, progress: stages.port2 },
          [stages.port2],
          signal,
        ),
      input.field,
    ).finally(() => {
      stages.port1.close();
    });
    signal?.throwIfAborted();
    onStage?.('saving');
    if (result.legend.length === 0) {
      throw new HttpProblem(422, 'no_stitches', 'The image has nothing to stitch: every part of it is transparent.');
    }
    const documentBytes = new TextEncoder().encode(result.document);
    const look = { cellSize: settings.cellSize, symbols: settings.symbols };
    const view = (chartId: string, patternId: string): StitchPlan => ({
      processing_time_ms: Math.round(performance.now() - started),
      stitch_plan_url: this.fileUrl(chartId),
      pattern_url: this.fileUrl(patternId),
      metadata: {
        total_stitches: result.legend.reduce((sum, entry) => sum + entry.stitch_count, 0),
        canvas_size: chartImageSize(result.grid, look),
        colors_used: result.legend.length,
        grid_size: result.grid,
        confetti_before: round(result.stats.confetti_before),
        confetti_after: round(result.stats.confetti_after),
        mean_delta_e: round(result.stats.mean_delta_e),
      },
      legend_data: result.legend,
    });

    const parameters: ProjectParameters = { ...toGenerationFields(settings), original_size: result.original };

    // The chart image is drawn when first asked for (services/shared/chart-store.ts), counted at its estimate till then.
    if (!owner) {
      const patternId = await this.transientFiles.store(documentBytes, 'json', client);
      const chartId = await this.charts.nameImage(patternId, look);
      try {
        await this.transientFiles.keepNamed(chartId, estimatedImageBytes(result.grid, look), client);
      } catch (error) {
        await this.charts.discard({ chartId, patternId }); // nothing left behind (its row expires with the day)
        throw error;
      }
      const plan = view(chartId, patternId);
      return { ...plan, claim: this.claims.issue({ chart: chartId, pattern: patternId, parameters, metadata: projectMetadataOf(plan) }) };
    }

    await this.quota.assertRoom(owner.user, input.bytes.byteLength + documentBytes.byteLength + estimatedImageBytes(result.grid, look));
    const [inputId, { patternId, chartId, files }] = await Promise.all([
      this.files.put(input.bytes, input.header.format),
      this.charts.storeDocument(documentBytes, result.grid, look),
    ]);
    const plan = view(chartId, patternId);
    const now = nowIso();
    const projectId = randomUUID();
    try {
      await this.projects.insert(
        {
          id: projectId,
          user_id: owner.user.id,
          name: owner.projectName,
          description: null,
          status: 'active',
          parameters: parameters,
          metadata: projectMetadataOf(plan),
          outputs: { input_image: inputId, stitch_plan: chartId, pattern: patternId } satisfies StoredOutputs,
          color_legend: result.legend,
          created_at: now,
          updated_at: now,
        },
        [{ id: inputId, size: input.bytes.byteLength }, ...files],
      );
    } catch (error) {
      await Promise.all([this.files.delete(inputId), this.charts.discard({ chartId, patternId })]); // nothing left behind
      throw error;
    }
    return { ...plan, project_id: projectId, processing_time_ms: Math.round(performance.now() - started) };
  }

  /**
   * The threads a user owns of the chart's brand, as thread keys (`anchor:403`), to generate among: the
   * chart is stitched in one brand, so threads of another are not candidates. A thread listed with 0 skeins
   * counts: the stitcher has chosen it, and the shopping list says to buy more. Fewer than 2 cannot make a
   * chart of two colours: 400 naming the field, with what to do.
   */
  private async ownedThreadKeys(user: UserRow, brand: ThreadBrand, leftOut: readonly string[]): Promise<string[]> {
    const owned = await this.ownedThreads.list(user.id);
    const ofBrand = owned.filter((thread) => thread.brand === brand);
    const kept = ofBrand.filter((thread) => !leftOut.includes(thread.code));
    if (kept.length < 2) {
      const name = BRANDS[brand].name;
      const left = kept.length === 1 ? `1 ${name} thread` : `no ${name} threads`;
      const told = kept.length === ofBrand.length ? `You own ${left}` : `Without those left out you have ${left}`;
      // Where the stitcher's threads are: a brand they own enough of to chart in.
      const elsewhere = THREAD_BRANDS.map((other) => ({ other, count: owned.filter((thread) => thread.brand === other).length })).filter(
        ({ other, count }) => other !== brand && count >= 2,
      );
      const hint = elsewhere.map(({ other, count }) => `${BRANDS[other].name}, where you own ${count}`).join(', or in ');
      const message = `${told}: add at least 2 on My Threads to chart in ${name} with only the threads you own.${hint ? ` Or chart in ${hint}.` : ''}`;
      throw HttpProblem.invalidFields([{ field: 'only_owned_threads', message }]);
    }
    return kept.map(threadKey);
  }
}

/**
 * `left_out_threads` as codes of the chart's brand, as its catalogue spells them, once each (`Anchor 403`
 * is read too, when it names the chart's brand). A code the brand lacks is 400 naming the field.
 */
function leftOutCodes(written: readonly string[], brand: ThreadBrand): string[] {
  const read = written.map((text) => readWrittenThread(text, brand));
  const unknown = written.filter((_, index) => read[index]!.thread?.brand !== brand);
  if (unknown.length > 0) {
    throw HttpProblem.invalidFields([
      { field: 'left_out_threads', message: `left_out_threads names codes that are not ${BRANDS[brand].name} threads: ${unknown.join(', ')}` },
    ]);
  }
  return [...new Set(read.map((thread) => thread.code))];
}

/** The project's record of a generation: the plan's metadata, with the thread count under its Project name. */
function projectMetadataOf({ metadata: { colors_used, ...rest } }: StitchPlan): ProjectMetadata {
  return { colors_count: colors_used, ...rest };
}

const round = (value: number): number => Math.round(value * 10_000) / 10_000;
