/**
 * Every query key of the app, from one factory: hooks use these, and invalidations name the same
 * keys, so no key is spelled in two places.
 */
export const queryKeys = {
  config: ['config'] as const,
  credits: ['creative-credits'] as const,
  projects: {
    all: ['projects'] as const,
    list: (filters: { limit: number }) => ['projects', 'list', filters] as const,
    detail: (id: string) => ['projects', 'detail', id] as const,
    /** The user's storage in use: under `projects`, so every change to the projects reads it again. */
    storage: ['projects', 'storage'] as const,
  },
  /**
   * A project's chart through the API: the current document with its ETag, the version list, one version.
   * Not under `projects`: invalidating the projects after a save must not reload the chart being edited.
   */
  projectPattern: {
    current: (projectId: string) => ['project-pattern', 'current', projectId] as const,
    versions: (projectId: string) => ['project-pattern', 'versions', projectId] as const,
    version: (projectId: string, version: number) => ['project-pattern', 'version', projectId, version] as const,
  },
  /** Which stitches of a project's chart are marked done (stitching). */
  progress: (projectId: string) => ['progress', projectId] as const,
  /** The signed-in user's threads (their stash). */
  ownedThreads: ['owned-threads'] as const,
  /** A project's shopping list on a fabric; all of them change when the owned threads do. */
  shoppingList: {
    all: ['shopping-list'] as const,
    of: (projectId: string, fabric: number) => ['shopping-list', projectId, fabric] as const,
  },
  /** The thread tables of every brand: never change while the app runs. */
  threads: {
    search: (brand: string, query: string) => ['threads', 'search', brand, query] as const,
    conversion: (from: string, code: string, to: string) => ['threads', 'conversion', from, code, to] as const,
  },
  /** A stored pattern document, by its same-origin URL. */
  patternDocument: (url: string) => ['pattern-document', url] as const,
  images: {
    /** The server's copy of a picture given by URL (the preview reads it same-origin). */
    copy: (url: string | undefined) => ['images', 'copy', url] as const,
    /** A picture's cut-out, by the picture's identity. */
    cutout: (identity: string | undefined) => ['images', 'cutout', identity] as const,
  },
};
