import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';

/**
 * One list of migrations for SQLite and PostgreSQL. Only portable column types are used
 * (text, integer, bigint), so each migration is valid on both. Append new ones; never edit a shipped one.
 */
const migrations: Record<string, Migration> = {
  '0001_accounts_projects_credits_identity': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('name', 'text')
        .addColumn('picture', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('users_issuer_subject_unique', ['issuer', 'subject'])
        .execute();

      await db.schema
        .createTable('local_accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sign_in_failures')
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('failed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sign_in_failures_email').on('sign_in_failures').columns(['email', 'failed_at']).execute();

      await db.schema
        .createTable('projects')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('parameters', 'text', (c) => c.notNull())
        .addColumn('metadata', 'text', (c) => c.notNull())
        .addColumn('outputs', 'text', (c) => c.notNull())
        .addColumn('color_legend', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('projects_user_created').on('projects').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('project_files')
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('file_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('project_files_pk', ['project_id', 'file_id'])
        .execute();

      await db.schema
        .createTable('credit_usage')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('used', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('credit_usage_pk', ['user_id', 'day'])
        .execute();

      await db.schema
        .createTable('oidc_payloads')
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('grant_id', 'text')
        .addColumn('uid', 'text')
        .addColumn('user_code', 'text')
        .addColumn('account_id', 'text')
        .addColumn('expires_at', 'bigint')
        .addColumn('consumed_at', 'bigint')
        .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
        .execute();
      await db.schema.createIndex('oidc_payloads_grant').on('oidc_payloads').column('grant_id').execute();
      await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').column('uid').execute();
      await db.schema.createIndex('oidc_payloads_account').on('oidc_payloads').column('account_id').execute();
      await db.schema.createIndex('oidc_payloads_expires').on('oidc_payloads').column('expires_at').execute();

      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0002_transient_files': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('transient_files')
        .addColumn('file_id', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('transient_files_expires').on('transient_files').column('expires_at').execute();
    },
  },
  '0003_transient_file_owners': {
    async up(db: Kysely<unknown>) {
      // Who stored each file and how big it is: the storage quota of visitors' addresses.
      await db.schema.alterTable('transient_files').addColumn('client', 'text').execute();
      await db.schema
        .alterTable('transient_files')
        .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('transient_files_client').on('transient_files').columns(['client', 'expires_at']).execute();
    },
  },
  '0004_pattern_versions': {
    async up(db: Kysely<unknown>) {
      // Saved states of each project's chart. Projects made before this have no rows: their chart
      // becomes version 1 when first read or saved.
      await db.schema
        .createTable('pattern_versions')
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('pattern_file', 'text', (c) => c.notNull())
        .addColumn('chart_file', 'text')
        .addColumn('stitches', 'integer', (c) => c.notNull())
        .addColumn('threads', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('replaced_at', 'text')
        .addPrimaryKeyConstraint('pattern_versions_pk', ['project_id', 'version'])
        .execute();
    },
  },
  '0005_maintenance_turns': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('maintenance_turns')
        .addColumn('task', 'text', (c) => c.primaryKey())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0006_owned_threads': {
    async up(db: Kysely<unknown>) {
      // The DMC threads each user has, with skeins on hand; a code is there once per user (the key).
      await db.schema
        .createTable('owned_threads')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('dmc_code', 'text', (c) => c.notNull())
        .addColumn('skeins', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('owned_threads_pk', ['user_id', 'dmc_code'])
        .execute();
    },
  },
  '0007_stitching_progress': {
    async up(db: Kysely<unknown>) {
      // Stitches marked done, per project and chart version; bitsets as base64 text (portable, ≤ 42 KB).
      // Deleted with the project. No key to pattern_versions: version 1 of older projects is recorded lazily.
      await db.schema
        .createTable('stitching_progress')
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('markable', 'text', (c) => c.notNull())
        .addColumn('done', 'text', (c) => c.notNull())
        .addColumn('done_count', 'integer', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text')
        .addPrimaryKeyConstraint('stitching_progress_pk', ['project_id', 'version'])
        .execute();
    },
  },
  '0008_stored_file_sizes': {
    async up(db: Kysely<unknown>) {
      // Bytes of each project file, summed in the database for the users' storage quota (so every process
      // agrees). A migration cannot read the stored files, so rows from before it count 0 bytes.
      await db.schema
        .alterTable('project_files')
        .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      // project_files now lists every file of every kept chart version, not only the project's first ones.
      for (const column of ['pattern_file', 'chart_file']) {
        const file = sql.ref(`v.${column}`);
        await sql`insert into project_files (project_id, file_id, size)
          select distinct v.project_id, ${file}, 0 from pattern_versions v
          where ${file} is not null
            and not exists (select 1 from project_files f where f.project_id = v.project_id and f.file_id = ${file})`.execute(db);
      }
      // A user's usage is found from the token's subject (the key of their uploads, `user:<subject>`).
      await db.schema.createIndex('users_subject').on('users').column('subject').execute();
    },
  },
  '0009_chart_drawings': {
    async up(db: Kysely<unknown>) {
      // Chart images named but not drawn yet: each is drawn from its document on its first request.
      await db.schema
        .createTable('chart_drawings')
        .addColumn('chart_file', 'text', (c) => c.primaryKey())
        .addColumn('pattern_file', 'text', (c) => c.notNull())
        .addColumn('cell_size', 'integer', (c) => c.notNull())
        .addColumn('symbols', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0010_owned_threads_brands': {
    async up(db: Kysely<unknown>) {
      // Owned threads of any brand: (user, brand, code). The key changes, which SQLite cannot alter in place,
      // so the rows move to a new table (every earlier row a DMC thread) that then takes the old one's name.
      // In one transaction, so an interrupted start leaves the old table whole: Kysely runs SQLite's migrations
      // outside one (it does not count SQLite's DDL as transactional), PostgreSQL's inside one already.
      const steps = async (trx: Kysely<unknown>) => {
        await trx.schema
          .createTable('owned_threads_by_brand')
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('brand', 'text', (c) => c.notNull())
          .addColumn('code', 'text', (c) => c.notNull())
          .addColumn('skeins', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('owned_threads_by_brand_pk', ['user_id', 'brand', 'code'])
          .execute();
        await sql`insert into owned_threads_by_brand (user_id, brand, code, skeins)
          select user_id, 'dmc', dmc_code, skeins from owned_threads`.execute(trx);
        await trx.schema.dropTable('owned_threads').execute();
        await trx.schema.alterTable('owned_threads_by_brand').renameTo('owned_threads').execute();
      };
      await (db.isTransaction ? steps(db) : db.transaction().execute(steps));
    },
  },
  '0011_progress_daily': {
    async up(db: Kysely<unknown>) {
      // Stitches marked per day, for the stitching statistics: JSON `{ "YYYY-MM-DD": n }`, empty for rows before it.
      await db.schema
        .alterTable('stitching_progress')
        .addColumn('daily', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/**
 * Brings the schema up to date, or to the migration named `through` (tests build a database as an older
 * release left it); safe to run from several processes at once (Kysely locks).
 */
export async function migrateToLatest(db: Kysely<unknown>, kind: 'sqlite' | 'postgres', through?: string): Promise<void> {
  // Unless told the schema, Kysely takes its migration tables in *any* schema for its own: with several
  // schemas in one PostgreSQL database (deployments, or test runs) it could skip creating them.
  const migrationTableSchema = kind === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await (through === undefined ? migrator.migrateToLatest() : migrator.migrateTo(through));
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
