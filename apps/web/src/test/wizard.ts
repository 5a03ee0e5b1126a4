import { threadOfKey, upgradeLegendEntry } from '@stitchwise/core';
/**
 * Test support for the wizard's tests (not used by the app): the photo to upload, the plan the server
 * generates from it, the owned-threads answer, the way from the upload step to the settings, and generating.
 */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { OwnedThread, StitchPlan } from '../api/schemas';
import type { Answer } from './harness';

/** A PNG photo to upload. */
export const photo = (): File => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'garden.png', { type: 'image/png' });

/** A generated plan of 60 colours (more than the legend shows). */
export const PLAN: StitchPlan = {
  processing_time_ms: 420,
  stitch_plan_url: 'http://localhost/files/chart.png',
  pattern_url: 'http://localhost/files/pattern.json',
  metadata: {
    total_stitches: 6000,
    canvas_size: { width: 1212, height: 960 },
    colors_used: 60,
    grid_size: { width: 100, height: 60 },
    confetti_before: 0.1,
    confetti_after: 0.02,
    mean_delta_e: 3.1,
  },
  legend_data: Array.from({ length: 60 }, (_, index) =>
    upgradeLegendEntry({
      index,
      hex: '#aabbcc',
      symbol: '■',
      dmc_code: String(100 + index),
      dmc_name: `Thread ${index}`,
      stitch_count: 100,
      rgb: { r: 170, g: 187, b: 204 },
    }),
  ),
};

/** The server's answer to the owned threads: these codes (DMC, or `anchor:403`), the first with no skeins left. */
export function owning(codes: string[]): Record<string, Answer> {
  const owned: OwnedThread[] = codes.map((written, index) => {
    const thread = threadOfKey(written.includes(':') ? written : `dmc:${written}`)!;
    return { brand: thread.brand, code: thread.code, name: thread.name, skeins: index === 0 ? 0 : 2 };
  });
  return { 'GET /api/threads/owned': { status: 200, data: owned } };
}

/** Uploads `file` and continues to the settings step. */
export async function toSettings(user: UserEvent, file: File = photo()): Promise<void> {
  await user.upload(screen.getByTestId('file-input'), file);
  await screen.findByRole('img', { name: 'The selected image' }); // the upload box prepares the photo first
  await user.click(screen.getByRole('button', { name: 'Continue to Settings' }));
}

/** Types `name` into the project name (after what is there) and asks for the pattern. */
export async function generateAs(user: UserEvent, name: string): Promise<void> {
  await user.type(screen.getByLabelText(/^Project name/), name);
  await user.click(screen.getByRole('button', { name: 'Generate Pattern' }));
}
