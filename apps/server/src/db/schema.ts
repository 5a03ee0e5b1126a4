import type { ColumnType, Insertable, Selectable } from 'kysely';

/**
 * Tables, written so the same SQL runs on SQLite and PostgreSQL: ids are text, timestamps are
 * ISO-8601 text in UTC (they sort correctly as text), JSON documents are text.
 */
export interface Database {
  users: UsersTable;
  local_accounts: LocalAccountsTable;
  sign_in_failures: SignInFailuresTable;
  projects: ProjectsTable;
  project_files: ProjectFilesTable;
  credit_usage: CreditUsageTable;
  oidc_payloads: OidcPayloadsTable;
  server_secrets: ServerSecretsTable;
  transient_files: TransientFilesTable;
  pattern_versions: PatternVersionsTable;
  maintenance_turns: MaintenanceTurnsTable;
  owned_threads: OwnedThreadsTable;
  stitching_progress: StitchingProgressTable;
  chart_drawings: ChartDrawingsTable;
}

/**
 * A chart image named (its file id given out) but not drawn yet: what to draw it from and how. It is drawn
 * on its first request and the row removed; rows of images nobody asked for go once no row names the image.
 */
export interface ChartDrawingsTable {
  chart_file: string;
  pattern_file: string;
  cell_size: number;
  /** 1 to draw each cell's symbol. */
  symbols: number;
  created_at: string;
}

/** When each periodic housekeeping task last ran, in any process: with several processes, one of them runs it per period. */
export interface MaintenanceTurnsTable {
  task: string;
  started_at: string;
}

/** The threads a user owns (their stash), one row per thread (key: user, brand, code); codes as the brand's catalogue spells them. */
export interface OwnedThreadsTable {
  user_id: string;
  /** `dmc`, `anchor` or `madeira`. */
  brand: string;
  code: string;
  /** Whole skeins on hand, 0–999. */
  skeins: number;
}

/**
 * Which stitches of a project's chart are done: a row per (project, chart version), in practice only the
 * current version's (a save carries the marks over and drops the older row). Bitsets are base64 text, one
 * bit per cell (the core's `progress.ts`).
 */
export interface StitchingProgressTable {
  project_id: string;
  version: number;
  /** The chart's size, in stitches. */
  width: number;
  height: number;
  /** Cells with a full stitch or a part stitch, so a write is checked without reading the chart. */
  markable: string;
  done: string;
  done_count: number;
  /** Markable cells. */
  total: number;
  /** When a stitch was last marked; null when none ever was. */
  updated_at: string | null;
  /**
   * JSON `{ "YYYY-MM-DD": n }`: net stitches marked on each of the stitcher's calendar days (the last 365),
   * kept over saves of the chart; `{}` for a new row.
   */
  daily: ColumnType<string, string | undefined, string>;
}

/** Stored files that belong to no project (uploads, cut-outs, anonymous results): deleted when they expire. */
export interface TransientFilesTable {
  file_id: string;
  expires_at: string;
  /** The client that stored it (`ip:…` or `user:…`); null for files stored before this was kept. */
  client: ColumnType<string | null, string | null | undefined, never>;
  /** Bytes (an estimate for a chart image not drawn yet, corrected once it is). */
  size: ColumnType<number, number | undefined, number>;
}

/** A person using the API, keyed by the identity provider's issuer and subject. */
export interface UsersTable {
  id: string;
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  picture: string | null;
  created_at: string;
  updated_at: string;
}

/** Accounts of the built-in identity provider (not used with an external one). */
export interface LocalAccountsTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  created_at: string;
}

/** Recent wrong passwords per e-mail address, to slow down password guessing from any number of processes. */
export interface SignInFailuresTable {
  email: string;
  failed_at: string;
}

export interface ProjectsTable {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  status: string;
  parameters: string;
  metadata: string;
  outputs: string;
  color_legend: string;
  created_at: string;
  updated_at: string;
}

/** Every stored file of a project (those of each kept chart version included), deleted with it. */
export interface ProjectFilesTable {
  project_id: string;
  file_id: string;
  /** Bytes, for the users' storage quota; 0 for files recorded before sizes were, until maintenance measures them. */
  size: ColumnType<number, number, number>;
}

/**
 * Every saved state of a project's chart: version 1 is the generated (or imported) original, each save
 * adds the next. The current one is the only row not replaced; the project's outputs name its files.
 */
export interface PatternVersionsTable {
  project_id: string;
  version: number;
  /** The pattern document (JSON) and the chart PNG of this version. */
  pattern_file: string;
  chart_file: string | null;
  stitches: number;
  threads: number;
  created_at: string;
  /** When a later save replaced it; null for the current version. */
  replaced_at: string | null;
}

export interface CreditUsageTable {
  user_id: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  used: number;
}

/** oidc-provider's models (sessions, grants, codes, tokens, interactions), shared by every process. */
export interface OidcPayloadsTable {
  id: string;
  model: string;
  payload: string;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  account_id: string | null;
  /** Epoch seconds; null for no expiry. */
  expires_at: number | null;
  consumed_at: number | null;
}

/** Keys generated on first start (token signing, cookie signing), shared by every process. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type NewProjectRow = Insertable<ProjectsTable>;
export type LocalAccountRow = Selectable<LocalAccountsTable>;
export type PatternVersionRow = Selectable<PatternVersionsTable>;
export type NewPatternVersionRow = Insertable<PatternVersionsTable>;
export type StitchingProgressRow = Selectable<StitchingProgressTable>;
