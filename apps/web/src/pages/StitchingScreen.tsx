import { Link, useParams } from 'react-router';
import { usePatternDocument } from '../api/pattern-document';
import { projectErrorMessage, useProject } from '../api/projects';
import { useSession } from '../auth/use-session';
import { useDocumentTitle } from '../lib/use-document-title';
import { StitchingView } from './project/StitchingView';

/**
 * `/stitch/projects/:id/stitch`: a project's chart in Stitching mode, full screen (no site header), for a
 * phone or tablet beside the hoop. Done stitching leads back to the project's page.
 */
export function StitchingScreen() {
  const { projectId = '' } = useParams();
  const session = useSession();
  const project = useProject(projectId, { enabled: session.signedIn });
  const pattern = usePatternDocument(project.data?.outputs.pattern_url);
  useDocumentTitle(project.data ? `Stitching ${project.data.name}` : 'Stitching');
  const backTo = `/stitch/projects/${encodeURIComponent(projectId)}`;

  if (session.isLoading) return <p className="p-4 text-slate-600">Loading…</p>;
  if (!session.signedIn) return <Message text="Authentication required. Please log in." backTo="/stitch/projects" />;
  if (project.isError) return <Message text={projectErrorMessage(project.error)} backTo="/stitch/projects" />;
  if (pattern.isError) return <Message text="The chart could not be loaded. Check your connection and try again." backTo={backTo} />;
  if (project.data && (!project.data.outputs.pattern_url || pattern.data === null))
    return <Message text="This project has no chart to stitch from." backTo={backTo} />;
  if (!project.data || !pattern.data) return <p className="p-4 text-slate-600">Loading the chart…</p>;
  // Keyed by project: another project opens with its own state.
  return <StitchingView key={project.data.id} projectId={project.data.id} name={project.data.name} pattern={pattern.data} backTo={backTo} />;
}

function Message({ text, backTo }: { text: string; backTo: string }) {
  return (
    <main className="mx-auto max-w-lg p-6 text-center">
      <h1 className="text-xl font-semibold">Stitching</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      <Link to={backTo} className="btn-primary mt-4 min-h-11">
        Back
      </Link>
    </main>
  );
}
