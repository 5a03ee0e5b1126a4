import type { LegendEntry } from '@stitchwise/core';

/** Shapes of the API answers the screens read (see ARCHITECTURE.md, API decisions). */

/** One legend row, as the core's pattern model defines it. */
export type { LegendEntry };

export interface AppConfig {
  auth: {
    provider: 'builtin' | 'external';
    issuer: string;
    client_id: string;
    audience: string;
    scopes: string;
    redirect_uri: string;
    post_logout_redirect_uri: string;
    signup_parameters: Record<string, string>;
  };
  features: Record<string, boolean>;
  ideas: { source: 'offline_sketch' | 'openai' };
}

export interface Thread {
  code: string;
  name: string;
  r: number;
  g: number;
  b: number;
  hex: string;
}

export interface ThreadMatch extends Thread {
  distance: number;
}

export interface DominantColor {
  rgb: [number, number, number];
  hex: string;
  share: number;
  closest_dmc: Thread[];
}

export interface DominantResponse {
  colors: DominantColor[];
  processed_image_url?: string;
}

export interface PickResponse {
  picked_color: { r: number; g: number; b: number; hex: string; coordinates: { x: number; y: number } };
  closest_dmc_threads: ThreadMatch[];
}


export interface StitchPlan {
  processing_time_ms: number;
  stitch_plan_url: string;
  pattern_url: string;
  metadata: { total_stitches: number; canvas_size: { width: number; height: number }; colors_used: number; grid_size?: { width: number; height: number } };
  legend_data: LegendEntry[];
  project_id?: string;
}

export interface Project {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  status: string;
  created_at: string;
  updated_at: string;
  parameters: {
    colors?: number;
    cell_size?: number;
    original_size?: { width: number; height: number };
    max_side?: number;
    use_kmeans?: boolean;
    remove_background?: boolean;
    [key: string]: unknown;
  };
  metadata: { colors_count?: number; total_stitches?: number; canvas_size?: { width: number; height: number }; grid_size?: { width: number; height: number }; [key: string]: unknown };
  outputs: { input_image_url?: string | null; stitch_plan_url?: string | null; pattern_url?: string | null };
  color_legend: LegendEntry[];
}

export interface ProjectList {
  projects: Project[];
  total: number;
}

export interface Credits {
  remaining: number;
  limit: number;
  resets_at: string;
}

export interface Idea {
  image_url: string;
  credits: number;
  source: 'offline_sketch' | 'openai';
}

/** An RFC 9457 problem body as the server sends it. */
export interface Problem {
  status: number;
  detail?: string;
  code?: string;
  errors?: { field: string; message: string }[];
}
