import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { failureMessage } from '../../api/client';
import { useDeleteProject, useDuplicateProject } from '../../api/project-actions';
import type { Project } from '../../api/schemas';
import { KeepOffline } from '../../offline/KeepOffline';
import { stopKeepingOffline } from '../../offline/kept-projects';
import { Dialog } from '../editor/Dialog';

/** Where the wizard starts again from a project's photo and settings (it reads `from`). */
export function regenerateHref(projectId: string): string {
  return `/stitch/new?${new URLSearchParams({ from: projectId }).toString()}`;
}

/**
 * What can be done with a project, at the top of its page: edit the chart, make it again with new
 * settings (only from a photo: an imported chart has none), duplicate it, delete it (after asking), and
 * keep it available offline on this device.
 */
export function ProjectActions({ project }: { project: Project }) {
  const navigate = useNavigate();
  const duplicate = useDuplicateProject(project.id);
  const remove = useDeleteProject(project.id);
  const [confirming, setConfirming] = useState(false);

  const duplicateProject = () =>
    duplicate.mutate(undefined, {
      onSuccess: (copy) => {
        toast.success(`Duplicated as “${copy.name}”.`);
        void navigate(`/stitch/projects/${copy.id}`);
      },
      onError: (error) => toast.error(failureMessage(error, 'The project could not be duplicated. Please try again.')),
    });

  const deleteProject = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        void stopKeepingOffline(project.id).catch(() => undefined);
        toast.success(`“${project.name}” was deleted.`);
        void navigate('/stitch/projects', { replace: true });
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(failureMessage(error, 'The project could not be deleted. Please try again.'));
      },
    });

  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Project actions">
      {project.outputs.pattern_url && (
        <Link className="btn-primary" to={`/stitch/projects/${project.id}/edit`}>
          Edit chart
        </Link>
      )}
      {project.outputs.input_image_url && (
        <Link className="btn-secondary" to={regenerateHref(project.id)}>
          Regenerate with new settings
        </Link>
      )}
      <button type="button" className="btn-secondary" disabled={duplicate.isPending} onClick={duplicateProject}>
        {duplicate.isPending ? 'Duplicating…' : 'Duplicate'}
      </button>
      <button type="button" className="btn-secondary text-red-700 hover:bg-red-50" onClick={() => setConfirming(true)}>
        Delete
      </button>
      <KeepOffline projectId={project.id} />
      {confirming && (
        <Dialog
          title="Delete this project?"
          message={<p>“{project.name}”, its chart, its saved versions and its files will be deleted. This cannot be undone.</p>}
          onCancel={() => setConfirming(false)}
        >
          <button type="button" className="btn-secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
          <button type="button" className="btn-primary bg-red-600 hover:bg-red-700" disabled={remove.isPending} onClick={deleteProject}>
            {remove.isPending ? 'Deleting…' : 'Delete project'}
          </button>
        </Dialog>
      )}
    </div>
  );
}
