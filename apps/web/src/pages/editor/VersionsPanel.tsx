import { replaceChart } from '@stitchwise/core';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { detailOf } from '../../api/client';
import { usePatternVersions, useReadPatternVersion, type PatternVersion } from '../../api/pattern-versions';
import type { ChartEditor } from './use-chart-editor';
import { dateTime } from './when';

/**
 * The kept versions of a project's chart (the original and the last 20 saves), each of which can be
 * opened: its chart comes into the editor as an unsaved edit on top of the current one, so saving it
 * makes it the newest version (restoring is a new save).
 */
export function VersionsPanel({ editor, projectId }: { editor: ChartEditor; projectId: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const versions = usePatternVersions(projectId, { enabled: open });
  const read = useReadPatternVersion(projectId);

  const openVersion = async (version: PatternVersion) => {
    let pattern;
    try {
      pattern = await read.mutateAsync(version.version);
    } catch (error) {
      toast.error(detailOf(error) ?? `Version ${version.version} could not be loaded. Please try again.`);
      return;
    }
    const refusal = editor.apply(replaceChart(pattern, `Open version ${version.version}`));
    if (refusal) {
      toast.warn(refusal);
      return;
    }
    setOpen(false);
    toast.info(`Version ${version.version} is open as an unsaved edit: save to make it the current chart.`, { toastId: 'version-open' });
  };

  return (
    <div className="relative">
      <button type="button" className="btn-secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((shown) => !shown)}>
        Versions
      </button>
      {open && (
        <section
          id={panelId}
          aria-label="Versions"
          className="card absolute right-0 z-40 mt-2 w-[22rem] max-w-[90vw] space-y-2 p-3"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            setOpen(false);
          }}
        >
          {versions.isPending ? (
            <p className="text-sm text-slate-600">Loading versions...</p>
          ) : versions.isError ? (
            <p className="text-sm text-red-700">{detailOf(versions.error) ?? 'The versions could not be loaded. Please try again.'}</p>
          ) : (
            <ol className="max-h-96 space-y-1 overflow-y-auto">
              {versions.data.versions.map((version) => (
                <li
                  key={version.version}
                  className="flex items-center justify-between gap-2 rounded-lg p-2 text-sm hover:bg-slate-50"
                  data-testid="pattern-version"
                >
                  <div>
                    <p className="font-medium">
                      Version {version.version}
                      {version.is_original && <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs">original</span>}
                      {version.is_current && <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-800">current</span>}
                    </p>
                    <p className="text-xs text-slate-600">
                      {dateTime(version.created_at)} · {version.stitches.toLocaleString('en')} stitches · {version.threads} threads
                    </p>
                  </div>
                  <button
                    type="button"
                    className="btn-ghost"
                    aria-label={`Open version ${version.version}`}
                    disabled={read.isPending}
                    onClick={() => void openVersion(version)}
                  >
                    Open
                  </button>
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
    </div>
  );
}
