import { documentOfChart, type Pattern } from '@stitchwise/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ApiError, detailOf } from '../../api/client';
import { patternDocumentFile, useImportChart } from '../../api/imports';
import { useSavePattern, VersionConflict, versionOfEtag } from '../../api/pattern-versions';
import { projectScope } from '../../lib/drafts';
import { ConflictDialog } from './ConflictDialog';
import { DraftOfferDialog, DraftStatus } from './DraftOffer';
import type { ChartEditor } from './use-chart-editor';
import { useDraftKeeper } from './use-draft-keeper';
import { VersionsPanel } from './VersionsPanel';
import { timeOfDay } from './when';

export interface ProjectSavingProps {
  editor: ChartEditor;
  projectId: string;
  name: string;
  /** The chart as opened, and the ETag of its version. */
  pattern: Pattern;
  etag: string;
  /** Reads the project's current chart again (the editor then opens on it); rejects when it could not. */
  onLoadNewer: () => Promise<void>;
}

type SaveStatus = { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: string } | { state: 'failed'; message: string };

const NOT_SAVED_OFFLINE = 'Not saved: the server could not be reached. Your edit is still here; try again.';

/** Why a save failed, in a sentence: the server's own where it sent one. */
function saveFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return NOT_SAVED_OFFLINE;
  return `Not saved: ${detailOf(error) ?? `the server answered ${error.status}. Please try again.`}`;
}

/**
 * Saving the owner's project from the editor: the Save button (and Ctrl/Cmd+S) sends the edited chart
 * with the ETag of the version it was opened as; a refusal because it was saved elsewhere meanwhile
 * opens the conflict dialog. Unsaved edits are kept in the browser meanwhile, and the Versions panel
 * opens earlier versions.
 */
export function ProjectSaving({ editor, projectId, name, pattern, etag: openedEtag, onLoadNewer }: ProjectSavingProps) {
  const navigate = useNavigate();
  const save = useSavePattern(projectId);
  const importChart = useImportChart();
  // The version the edit is on: the one opened, then each one saved.
  const [etag, setEtag] = useState(openedEtag);
  const [status, setStatus] = useState<SaveStatus>({ state: 'idle' });
  const [conflict, setConflict] = useState(false);
  const drafts = useDraftKeeper({ editor, scope: projectScope(projectId), etag, openedVersion: versionOfEtag(openedEtag), loaded: pattern });
  const saving = status.state === 'saving';

  const saveNow = async () => {
    if (!editor.unsaved || saving) return;
    setStatus({ state: 'saving' });
    const chart = editor.read();
    try {
      const result = await save.mutateAsync({ document: documentOfChart(chart), etag });
      setEtag(result.etag);
      // Edits made while the save was on its way are still unsaved.
      if (editor.read() === chart) editor.markSaved();
      drafts.forget(etag);
      setStatus({ state: 'saved', at: result.saved.saved_at });
    } catch (error) {
      if (error instanceof VersionConflict) {
        setStatus({ state: 'idle' });
        setConflict(true);
      } else setStatus({ state: 'failed', message: saveFailure(error) });
    }
  };
  const latestSave = useRef(saveNow);
  latestSave.current = saveNow;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault(); // never the browser's "save page"
      void latestSave.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const loadNewer = async () => {
    drafts.stop();
    try {
      await onLoadNewer();
    } catch (error) {
      drafts.resume();
      throw error;
    }
  };

  const saveAsNew = async () => {
    const copyName = `${name} (copy)`;
    drafts.stop();
    try {
      const project = await importChart.mutateAsync({ file: patternDocumentFile(documentOfChart(editor.read()), copyName), name: copyName });
      editor.markSaved();
      toast.success(`Your edit is saved as a new project, “${project.name}”.`);
      void navigate(`/stitch/projects/${project.id}/edit`);
    } catch (error) {
      drafts.resume();
      const message = error instanceof ApiError ? (detailOf(error) ?? 'The new project could not be made. Please try again.') : NOT_SAVED_OFFLINE;
      throw new Error(message, { cause: error });
    }
  };

  return (
    <span className="flex flex-wrap items-center gap-2">
      <VersionsPanel editor={editor} projectId={projectId} />
      <button type="button" className="btn-primary" disabled={!editor.unsaved || saving} title="Save (Ctrl+S)" onClick={() => void saveNow()}>
        Save
      </button>
      <span role="status" className="max-w-72 text-xs text-slate-600" data-testid="save-status">
        {status.state === 'saving' && 'Saving...'}
        {status.state === 'saved' && !editor.unsaved && `Saved at ${timeOfDay(status.at)}`}
        {status.state === 'failed' && <span className="text-red-700">{status.message}</span>}
      </span>
      <DraftStatus keeper={drafts} unsaved={editor.unsaved} />
      <DraftOfferDialog keeper={drafts} />
      {conflict && <ConflictDialog name={name} onCancel={() => setConflict(false)} onLoadNewer={loadNewer} onSaveAsNew={saveAsNew} />}
    </span>
  );
}
