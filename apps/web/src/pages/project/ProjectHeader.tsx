import { toast } from 'react-toastify';
import { detailOf } from '../../api/client';
import { useUpdateProject, type ProjectChanges } from '../../api/project-actions';
import type { Project } from '../../api/schemas';
import { StatusBadge } from '../ProjectsList';
import { EditableValue, InlineEdit, useInlineEditing } from './InlineEdit';
import { projectSize } from './panels';

/** The contract's limits, kept by the fields so the server never has to refuse them. */
const MAX_NAME_LENGTH = 100;
const MAX_DESCRIPTION_LENGTH = 2000;

/**
 * The project's name (renamed in place), its status badge, its description (edited in place; fallback
 * 'No description available') and its size, stitches first.
 */
export function ProjectHeader({ project }: { project: Project }) {
  const update = useUpdateProject(project.id);
  const name = useInlineEditing();
  const description = useInlineEditing();
  const size = projectSize(project);

  const save = (changes: ProjectChanges, failure: string) =>
    update.mutateAsync(changes).catch((error: unknown) => {
      toast.error(detailOf(error) ?? failure);
      throw error;
    });

  return (
    <header className="space-y-2">
      <EditableValue
        editing={name.editing}
        opener={name.opener}
        onOpen={name.open}
        buttonLabel="Rename"
        buttonName="Rename project"
        view={
          <>
            <h1 className="text-2xl font-bold break-words">{project.name}</h1>
            <StatusBadge status={project.status} />
          </>
        }
        editor={
          <InlineEdit
            label="Project name"
            formLabel="Rename project"
            value={project.name}
            maxLength={MAX_NAME_LENGTH}
            emptyMessage="Please enter a project name."
            saving={update.isPending}
            onSave={(value) => save({ name: value }, 'The project could not be renamed. Please try again.')}
            onClose={name.close}
          />
        }
      />
      <EditableValue
        editing={description.editing}
        opener={description.opener}
        onOpen={description.open}
        buttonLabel="Edit description"
        view={<p className="text-slate-600">{project.description || 'No description available'}</p>}
        editor={
          <InlineEdit
            label="Description"
            formLabel="Edit description"
            value={project.description ?? ''}
            multiline
            maxLength={MAX_DESCRIPTION_LENGTH}
            saving={update.isPending}
            onSave={(value) => save({ description: value }, 'The description could not be saved. Please try again.')}
            onClose={description.close}
          />
        }
      />
      {size && (
        <p className="text-sm text-slate-700" data-testid="project-size">
          {size}
        </p>
      )}
    </header>
  );
}
