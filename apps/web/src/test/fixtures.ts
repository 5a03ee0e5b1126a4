/**
 * Test support shared by the screens' tests (not used by the app): a stored project, the server's
 * creative-credits answer, and answers that keep what was sent to them.
 */
import type { Project } from '../api/schemas';
import type { Answer, SentRequest } from './harness';

/** A reply of the stand-in server (the harness's answer when it is not a function). */
export type Reply = Exclude<Answer, (request: SentRequest) => unknown>;

/** The signed-in user's project p1, "Roses": generated from a photo, with no chart yet. */
export const PROJECT: Project = {
  id: 'p1',
  user_id: 'u1',
  name: 'Roses',
  description: null,
  status: 'active',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  parameters: { colors: 20, cell_size: 12, max_side: 100, original_size: { width: 800, height: 600 }, use_kmeans: true, remove_background: false },
  metadata: { colors_count: 18, total_stitches: 7500, canvas_size: { width: 1212, height: 912 } },
  outputs: { input_image_url: 'http://localhost/files/in.png', stitch_plan_url: null, pattern_url: null },
  color_legend: [],
  progress: { done: 0, total: 0 },
};

/** The server's answer to the signed-in user's creative credits: 10 of 10 left. */
export const CREDITS: Record<string, Answer> = {
  'GET /api/stitch/creative-credits': { status: 200, data: { remaining: 10, limit: 10, resets_at: '' } },
};

/** An answer that keeps each request in `sent`, then replies with `reply` (or what it gives at that moment). */
export function keeping(sent: SentRequest[], reply: Reply | (() => Reply)): Answer {
  return (request) => {
    sent.push(request);
    return typeof reply === 'function' ? reply() : reply;
  };
}
