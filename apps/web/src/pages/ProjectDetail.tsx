import { legendUse } from '@stitchwise/core';
import { useMemo } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { usePatternDocument } from '../api/pattern-document';
import { projectErrorMessage, useProject } from '../api/projects';
import type { Project } from '../api/schemas';
import { useSession } from '../auth/use-session';
import { useChartDownloads } from '../components/chart-downloads';
import { DownloadsPanel, PdfChartButton } from '../components/Downloads';
import { PatternChart } from '../components/chart/PatternChart';
import { ChartConversionPanel, ConvertChartButton, useChartConversion } from './project/ConvertChart';
import { ProjectActions } from './project/ProjectActions';
import { ProjectHeader } from './project/ProjectHeader';
import { ShoppingList } from './project/ShoppingList';
import { StartStitching } from './project/StartStitching';
import { StitchingStatistics } from './project/StitchingStatistics';
import { ImagePanel, InformationPanels, PanelHeader } from './project/panels';
import { useDocumentTitle } from '../lib/use-document-title';

export function ProjectDetail() {
  const { projectId } = useParams();
  const session = useSession();
  const project = useProject(projectId, { enabled: session.signedIn });
  const [params] = useSearchParams();

  if (!projectId) return <NotFound message="Project ID is required" />;
  if (!session.signedIn) return <NotFound message="Authentication required. Please log in." />;
  if (project.isPending) return <p className="text-slate-600">Loading project...</p>;
  if (project.isError) return <NotFound message={projectErrorMessage(project.error)} />;
  // Stitching mode was once shown on this page: its old address opens its own screen.
  if (params.get('mode') === 'stitching') return <Navigate to={`/stitch/projects/${encodeURIComponent(projectId)}/stitch`} replace />;
  // Keyed by id: a duplicate opens with its own, fresh page state.
  return <ProjectPage key={project.data.id} project={project.data} />;
}

/**
 * A project's page leads with its chart: name, description, size and the actions on top, then the chart
 * in the viewer with its legend and the way into Stitching mode (a screen of its own), the stitching
 * statistics, the downloads, and the spec's information and picture panels below.
 */
function ProjectPage({ project }: { project: Project }) {
  const navigate = useNavigate();
  useDocumentTitle(project.name);
  const grid = project.metadata.grid_size;
  // The chart's document (read once, shared with the viewer below): skeins count its backstitch, part stitches and knots too.
  const pattern = usePatternDocument(project.outputs.pattern_url).data;
  const threadUse = useMemo(() => (pattern ? legendUse(pattern) : project.color_legend), [pattern, project.color_legend]);
  // 'Download PDF chart' in the chart's header prints as the Print and materials panel below says. A project
  // from before charts were kept has nothing to print: the hook then serves nothing (its size is a stand-in).
  const printable = !!project.outputs.pattern_url && !!grid;
  const source = { projectId: project.id };
  const downloads = useChartDownloads(source, grid?.width ?? 1, grid?.height ?? 1);
  // 'Convert chart to …' (in the chart's header) and its report, shown above the chart until closed.
  const conversion = useChartConversion(project);
  return (
    <div className="space-y-6">
      <button type="button" className="btn-ghost" onClick={() => void navigate('/stitch/projects')}>
        ← Back to projects
      </button>
      <div className="space-y-3">
        <ProjectHeader project={project} />
        <ProjectActions project={project} />
      </div>
      <ChartConversionPanel conversion={conversion} />
      {/* The Stitch Plan panel shows the zoomable chart once its pattern document is read (the chart image until then), then the legend. */}
      <PatternChart
        label="Stitch Plan"
        header={
          <PanelHeader
            title="Stitch Plan"
            url={project.outputs.stitch_plan_url}
            actions={pattern && <StartStitching project={project} />}
            downloads={
              printable && (
                <>
                  <ConvertChartButton conversion={conversion} />
                  <PdfChartButton downloads={downloads} className="btn-secondary min-h-11" />
                </>
              )
            }
          />
        }
        patternUrl={project.outputs.pattern_url}
        imageUrl={project.outputs.stitch_plan_url}
        imageAlt={`${project.name}: stitch chart`}
        imageClassName="max-h-96 w-full rounded object-contain"
        legend={project.color_legend}
      />
      {pattern && <StitchingStatistics projectId={project.id} pattern={pattern} />}
      {printable && <DownloadsPanel downloads={downloads} legend={threadUse} source={source} pdfAbove />}
      {project.outputs.pattern_url && <ShoppingList projectId={project.id} />}
      <InformationPanels project={project} />
      <div className="grid gap-4 md:grid-cols-2">
        <ImagePanel title="Original Image" url={project.outputs.input_image_url} alt={`${project.name}: original image`} />
      </div>
    </div>
  );
}

function NotFound({ message }: { message: string }) {
  useDocumentTitle('Project Not Found');
  return (
    <div className="card mx-auto max-w-lg text-center">
      <h1 className="text-xl font-semibold">Project Not Found</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      <Link to="/stitch/projects" className="btn-primary mt-4 inline-block">
        Back to projects
      </Link>
    </div>
  );
}
