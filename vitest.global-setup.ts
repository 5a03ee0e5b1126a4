/** Runs once per test run: says plainly which database runs are skipped. */
export default function setup(): void {
  if (!process.env.TEST_DATABASE_URL) {
    console.warn(
      '\n  ⚠ TEST_DATABASE_URL is not set: the PostgreSQL runs of the API tests are SKIPPED; only SQLite runs.' +
        '\n    Set it (e.g. postgres://postgres@127.0.0.1:5432/test) to run them; .ci/run does.\n',
    );
  }
}
