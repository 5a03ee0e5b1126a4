/** Runs once per test run: says plainly which database and Redis runs are skipped. */
export default function setup(): void {
  if (!process.env.TEST_DATABASE_URL) {
    console.warn(
      '\n  ⚠ TEST_DATABASE_URL is not set: the PostgreSQL runs of the API tests are SKIPPED; only SQLite runs.' +
        '\n    Set it (e.g. postgres://postgres@127.0.0.1:5432/test) to run them; .ci/run does.\n',
    );
  }
  if (!process.env.TEST_REDIS_URL) {
    console.warn(
      '\n  ⚠ TEST_REDIS_URL is not set: the tests of abuse limits shared through Redis are SKIPPED.' +
        '\n    Set it (e.g. redis://127.0.0.1:6379) to run them; .ci/run does.\n',
    );
  }
}
