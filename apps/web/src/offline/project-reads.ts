// What makes a project readable without a network, shared by the service worker (which refreshes it after a
// write) and the page (which keeps it for 'Keep available offline'). Compiles for both (DOM and WebWorker).

const PROJECTS = '/api/stitch/projects';

/**
 * The project's own API reads: its details, its chart for the editor (with the ETag), its progress, and its
 * threads as the project page first asks for them (on 14-count fabric).
 */
export function projectApiReads(projectId: string): string[] {
  const project = `${PROJECTS}/${encodeURIComponent(projectId)}`;
  return [project, `${project}/pattern`, `${project}/progress`, `${project}/shopping-list?fabric=14`];
}

/** The project a same-origin API address is about (its reads and writes alike), if any. */
export function projectOfPath(path: string): string | undefined {
  const id = /^\/api\/stitch\/projects\/([^/]+)(\/|$)/.exec(path)?.[1];
  if (!id || id === 'claim' || id === 'import') return undefined;
  try {
    return decodeURIComponent(id);
  } catch {
    return id; // a malformed escape: compared as it is written
  }
}

/** The stored files a project's details name (its pattern document, chart image and picture), on this origin only. */
export function filesOfProject(details: unknown, origin: string): string[] {
  const outputs = (details as { outputs?: Record<string, unknown> } | null)?.outputs ?? {};
  return ['pattern_url', 'stitch_plan_url', 'input_image_url'].flatMap((name) => {
    const value = outputs[name];
    if (typeof value !== 'string') return [];
    const url = new URL(value, origin);
    return url.origin === origin ? [url.href] : [];
  });
}

/**
 * Reads a project's API answers and stored files with `get` and hands each good answer to `put`; the files
 * are those its fresh details name. Returns how many could not be read (0: all of it is kept).
 */
export async function copyProjectReads(
  projectId: string,
  origin: string,
  get: (url: string) => Promise<Response>,
  put: (url: string, response: Response) => Promise<void>,
): Promise<number> {
  let missing = 0;
  let files: string[] = [];
  for (const path of projectApiReads(projectId)) {
    const url = new URL(path, origin).href;
    const response = await get(url).catch(() => undefined);
    if (!response?.ok) {
      missing++;
      continue;
    }
    if (path === projectApiReads(projectId)[0]) files = filesOfProject(await response.clone().json(), origin);
    await put(url, response);
  }
  for (const url of files) {
    const response = await get(url).catch(() => undefined);
    if (response?.ok) await put(url, response);
    else missing++;
  }
  return missing;
}
