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
  },
};
