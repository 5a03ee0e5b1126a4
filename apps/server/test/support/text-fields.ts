import { beforeAll } from 'vitest';
import { generatedPlan } from './chart-calls.js';
import { useTestServer, type ApiClient, type SignedUpUser, type TestServerSuite } from './harness.js';
import { encodePng, multipartBody } from './images.js';
import type { DatabaseUnderTest } from './test-server.js';

/** What the text-fields suites share: a server with a user who has a project, and forms as a browser sends them. */

/** `U+0041` for `A`. */
export const codePointOf = (character: string): string => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

const png = encodePng(32, 24, (x, y) => [x * 8, y * 10, 120]);

/** A multipart form of `fields`, with a PNG as the file field `file` when one is named. */
export const postForm = (client: ApiClient, path: string, fields: Record<string, string>, file?: string): Promise<Response> =>
  client.api(path, {
    method: 'POST',
    body: multipartBody(fields, file ? { field: file, filename: 'flowers.png', contentType: 'image/png', bytes: png } : undefined),
  });

/** What the cases need from the running server, filled in before the tests. */
export interface TextContext {
  suite: TestServerSuite;
  user: SignedUpUser;
  visitor: ApiClient;
  /** A project of the user's, generated before the tests. */
  projectId: string;
}

/** A server on `database` with a signed-in user who has generated the project 'Stored'. */
export function useStoredProject(database: { create: () => Promise<DatabaseUnderTest> }): TextContext {
  const suite = useTestServer({ database, users: ['text'] });
  const context: TextContext = { suite, user: suite.user('text'), visitor: suite.visitor, projectId: '' };
  beforeAll(async () => {
    context.projectId = (await generatedPlan(context.user, { project_name: 'Stored', max_side: '20', colors: '4' }, png, 'flowers.png')).project_id!;
  }, 60_000);
  return context;
}
