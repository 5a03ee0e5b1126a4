import { documentOfChart, type Pattern } from '@stitchwise/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ApiError, detailOf } from '../../api/client';
import { patternDocumentFile, useImportChart } from '../../api/imports';
import { ConflictDialog } from './ConflictDialog';
import { DraftOfferDialog, DraftStatus } from './DraftOffer';
import type { ChartEditor } from './use-chart-editor';
import { useProjectSave, type ProjectSave } from './use-project-save';
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

const NOT_SAVED_OFFLINE = 'Not saved: the server could not be reached. Your edit is still here; try again.';
/** The edit is kept in this browser (a draft marked waiting) and saved by itself once the server can be reached. */
export const OFFLINE_WAITING = 'Offline — changes kept on this device. They will be saved when you are back online.';
export const OFFLINE = 'Offline — changes kept on this device';

/**
 * Saving the owner's project from the editor (`useProjectSave`): the Save button (and Ctrl/Cmd+S) sends
 * the edited chart with the ETag of the version it was made on; a refusal because it was saved elsewhere
 * meanwhile opens the conflict dialog; offline, the edit waits on this device and is saved by itself once
 * back online. Unsaved edits are kept in the browser meanwhile, and the Versions panel opens earlier versions.
 */
export function ProjectSaving({ editor, projectId, name, pattern, etag, onLoadNewer }: ProjectSavingProps) {
  const navigate = useNavigate();
  const importChart = useImportChart();
  const saving = useProjectSave({ editor, projectId, pattern, etag });
  const { drafts, saveNow } = saving;
  const busy = saving.status.state === 'saving';

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault(); // never the browser's "save page"
      void saveNow();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [saveNow]);

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
      <button type="button" className="btn-primary" disabled={!editor.unsaved || busy} title="Save (Ctrl+S)" onClick={() => void saveNow()}>
        Save
      </button>
      <span role="status" className="max-w-72 text-xs text-slate-600" data-testid="save-status">
        <SaveStatusLine saving={saving} unsaved={editor.unsaved} />
      </span>
      {/* Offline, the status line says where the edit is. */}
      {saving.online && !saving.waiting && <DraftStatus keeper={drafts} unsaved={editor.unsaved} />}
      <DraftOfferDialog keeper={drafts} />
      {saving.conflict && <ConflictDialog name={name} onCancel={saving.closeConflict} onLoadNewer={loadNewer} onSaveAsNew={saveAsNew} />}
    </span>
  );
}

/** Saving… or Syncing…; offline (and whether the edit waits to be saved); saved; or why not. */
function SaveStatusLine({ saving: { status, online, waiting }, unsaved }: { saving: ProjectSave; unsaved: boolean }) {
  if (status.state === 'saving') return status.sync ? 'Syncing…' : 'Saving…';
  if (waiting && unsaved) return OFFLINE_WAITING;
  if (!online) return unsaved ? OFFLINE : 'Offline';
  if (status.state === 'saved' && !unsaved) return `Saved at ${timeOfDay(status.at)}`;
  if (status.state === 'failed') return <span className="text-red-700">{status.message}</span>;
  return null;
}
