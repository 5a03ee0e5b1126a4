// @vitest-environment jsdom
import { emptyProgress, encodeProgress, type Pattern } from '@stitchwise/core';
import { act, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/harness';
import { patternOf } from '../editor/editor-test-charts';
import { useStitching, type Stitching } from './use-stitching';

const version3 = patternOf(['0011', '2222'], ['310', '321', '798']);
// Version 4, edited elsewhere: the same size, the top-left stitch repainted.
const version4 = patternOf(['2011', '2222'], ['310', '321', '798']);

/** The hook on a chart the test can swap, as the project page swaps it when the project is read again. */
function openHook() {
  const seen: { stitching?: Stitching; show?: (pattern: Pattern) => void } = {};
  function Probe() {
    const [pattern, setPattern] = useState(version3);
    seen.show = setPattern;
    seen.stitching = useStitching('p1', pattern);
    return null;
  }
  const server = { version: 3, reads: 0, release: () => {}, gate: undefined as Promise<void> | undefined };
  renderScreen(<Probe />, {
    auth: { signedIn: true },
    answers: {
      'GET /api/stitch/projects/p1/progress': async () => {
        server.reads++;
        await server.gate;
        const done = encodeProgress(emptyProgress(4, 2));
        return { status: 200, data: { version: server.version, width: 4, height: 2, done, done_count: 0, total: 8, updated_at: null, daily: {} } };
      },
    },
  });
  return { seen, server };
}

describe('useStitching', () => {
  it('takes marks only once the chart shown has been paired with a progress read made after it was shown', async () => {
    const { seen, server } = openHook();
    await waitFor(() => expect(seen.stitching?.ready).toBe(true));
    expect(seen.stitching?.progress.version).toBe(3);

    // The project was read again and shows version 4's chart; its progress is slow to come.
    server.version = 4;
    server.gate = new Promise((resolve) => (server.release = resolve));
    act(() => seen.show!(version4));
    // Not ready (a version 3 engine under a version 4 chart would put marks on the wrong stitches) until the read answers.
    expect(seen.stitching?.ready).toBe(false);
    await waitFor(() => expect(server.reads).toBe(2));
    expect(seen.stitching?.ready).toBe(false);
    server.release();
    await waitFor(() => expect(seen.stitching?.ready).toBe(true));
    expect(seen.stitching?.progress.version).toBe(4);
  });
});
