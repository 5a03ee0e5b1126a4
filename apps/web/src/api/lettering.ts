import type { PatternDocument } from '@stitchwise/core';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { components } from './openapi.gen';

export type LetteringRequest = components['schemas']['LetteringRequestInput'];

/** A chart made from text: its document, and the stored copy's file name (`<id>.json`), which the editor opens. */
export interface LetteringChart {
  document: PatternDocument;
  patternFile: string;
}

/** Makes a chart of lettering (`POST /api/stitch/lettering`); the server keeps a copy for 24 hours. */
export function useLetteringChart() {
  return useMutation({
    mutationFn: async (request: LetteringRequest): Promise<LetteringChart> => {
      const result = await api.POST('/api/stitch/lettering', { body: request });
      const document: PatternDocument = unwrap(result);
      const location = result.response.headers.get('Location') ?? '';
      return { document, patternFile: location.split('/').at(-1) ?? '' };
    },
  });
}
