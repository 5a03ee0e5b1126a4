import type { Pattern } from '@stitchwise/core';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { statusOf } from '../api/client';
import { usePatternDocument } from '../api/pattern-document';
import { useCurrentPattern } from '../api/pattern-versions';
import { projectErrorMessage, useProject } from '../api/projects';
import { useSession } from '../auth/use-session';
import { patternScope } from '../lib/drafts';
import { useDocumentTitle } from '../lib/use-document-title';
import { DraftOfferDialog, DraftStatus } from './editor/DraftOffer';
import { EditorScreen } from './editor/EditorScreen';
import { ProjectSaving } from './editor/ProjectSaving';
import type { ChartEditor } from './editor/use-chart-editor';
import { useDraftKeeper } from './editor/use-draft-keeper';
import { ANONYMOUS_SIZES } from './wizard/model';

/** `/stitch/projects/:projectId/edit`: the editor on a signed-in user's own project, saved with versions. */
export function ProjectChartEditor() {
  const { projectId } = useParams();
  const session = useSession();
  const project = useProject(projectId, { enabled: session.signedIn });
  // The chart through the API, with the ETag a save sends back; read in parallel with the project.
  const current = useCurrentPattern(projectId, { enabled: session.signedIn });
  // "Load the newer chart" opens a fresh editor also when the chart read is the version already open (an
  // edit kept offline on an older version was put over it, and its save was refused).
  const [loads, setLoads] = useState(0);
  useDocumentTitle(project.data ? `Edit chart: ${project.data.name}` : 'Edit chart');

  if (!session.signedIn) return <Problem message="Authentication required. Please log in." />;
  if (project.isError) return <Problem message={projectErrorMessage(project.error)} />;
  if (project.data && !project.data.outputs.pattern_url) return <Problem message="This project has no chart to edit yet." />;
  // A failed reload of a newer chart keeps the editor open (the conflict dialog says so): only a first load fails the page.
  if (current.isError && !current.data) {
    return <Problem message={statusOf(current.error) === 404 ? "This project's chart file is missing." : 'The chart could not be loaded. Please try again.'} />;
  }
  if (!project.data || !current.data) return <p className="text-slate-600">Loading chart...</p>;
  const { pattern, etag } = current.data;
  const { id, name } = project.data;
  return (
    <EditorScreen
      // A newer chart loaded after a refused save opens a fresh editor on it.
      key={`${id} ${etag} ${loads}`}
      name={name}
      pattern={pattern}
      back={
        <Link className="btn-ghost" to={`/stitch/projects/${id}`}>
          ← Project
        </Link>
      }
      save={(editor) => (
        <ProjectSaving
          editor={editor}
          projectId={id}
          name={name}
          pattern={pattern}
          etag={etag}
          onLoadNewer={async () => {
            const reloaded = await current.refetch();
            if (reloaded.isError) throw new Error('The newer chart could not be loaded. Please try again.');
            // The same version again: its key would not change, and the editor would stay as it is.
            if (reloaded.data?.etag === etag) setLoads((count) => count + 1);
          }}
        />
      )}
    />
  );
}

/** `/stitch/edit/:patternId`: the editor on a visitor's result; they can download the edit, not save it. */
export function VisitorChartEditor() {
  const { patternId = '' } = useParams();
  const session = useSession();
  const stored = /^[\w-]+\.json$/.test(patternId);
  const pattern = usePatternDocument(stored ? `/files/${patternId}` : undefined);
  useDocumentTitle('Edit chart: My chart');
  if (!stored || pattern.isError || pattern.data === null)
    return <Problem message="This chart does not exist or has expired (results without an account are kept 24 hours)." />;
  if (!pattern.data) return <p className="text-slate-600">Loading chart...</p>;
  const loaded = pattern.data;
  return (
    <EditorScreen
      key={patternId}
      name="My chart"
      pattern={loaded}
      maxSide={Math.max(...ANONYMOUS_SIZES)}
      back={
        <Link className="btn-ghost" to="/stitch/new">
          ← Wizard
        </Link>
      }
      save={(editor) => <VisitorSaving editor={editor} patternId={patternId} pattern={loaded} signedIn={session.signedIn} />}
    />
  );
}

/** A visitor cannot save, but their unsaved edit is kept in the browser like an owner's. */
function VisitorSaving({ editor, patternId, pattern, signedIn }: { editor: ChartEditor; patternId: string; pattern: Pattern; signedIn: boolean }) {
  const drafts = useDraftKeeper({ editor, scope: patternScope(patternId), loaded: pattern });
  return (
    <span className="flex items-center gap-2">
      <button type="button" className="btn-primary" disabled aria-describedby="save-needs-account">
        Save
      </button>
      <span id="save-needs-account" className="max-w-64 text-xs text-slate-600">
        Saving needs an account. {signedIn ? 'Generate the chart while signed in to keep it in your projects.' : 'Sign in to keep charts in your projects.'} You
        can download the edited chart below.
      </span>
      <DraftStatus keeper={drafts} unsaved={editor.unsaved} />
      <DraftOfferDialog keeper={drafts} />
    </span>
  );
}

function Problem({ message }: { message: ReactNode }) {
  return (
    <div className="card mx-auto max-w-lg text-center">
      <h1 className="text-xl font-semibold">Chart not available</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      <Link to="/stitch/projects" className="btn-primary mt-4 inline-block">
        Back to projects
      </Link>
    </div>
  );
}
