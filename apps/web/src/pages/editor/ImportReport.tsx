import { threadKey, threadLabel } from '@stitchwise/core';
import type { ImportedProject } from '../../api/imports';

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** What was not imported, one line per kind that the file had. */
function notImportedLines({ full_stitches, part_stitches, backstitches, knots, other }: ImportedProject['import_report']['not_imported']): string[] {
  return [
    full_stitches > 0 && `${plural(full_stitches, 'full stitch', 'full stitches')} (a later stitch in the same cell was kept)`,
    part_stitches > 0 && `${plural(part_stitches, 'part stitch', 'part stitches')} (half, quarter and three-quarter)`,
    backstitches > 0 && plural(backstitches, 'backstitch', 'backstitches'),
    knots > 0 && plural(knots, 'French knot', 'French knots'),
    other > 0 && plural(other, 'bead, button or other ornament', 'beads, buttons and other ornaments'),
  ].filter((line): line is string => typeof line === 'string');
}

/** The part stitches, backstitch lines and knots imported, one phrase per kind the file had. */
function importedMarks({ part_stitches, backstitches, knots }: ImportedProject['import_report']['marks']): string[] {
  return [
    part_stitches > 0 && plural(part_stitches, 'part stitch', 'part stitches'),
    backstitches > 0 && plural(backstitches, 'backstitch line', 'backstitch lines'),
    knots > 0 && plural(knots, 'French knot', 'French knots'),
  ].filter((phrase): phrase is string => typeof phrase === 'string');
}

/**
 * What an import did: the chart's size and threads, each colour of the file and the thread it
 * became with its ΔE00 (so the stitcher can check the ones matched by colour), and what was left out.
 */
export function ImportReport({ project }: { project: ImportedProject }) {
  const report = project.import_report;
  const left = notImportedLines(report.not_imported);
  return (
    <div className="space-y-3" data-testid="import-report">
      <h3 className="font-semibold">Imported “{project.name}”</h3>
      <p className="text-sm text-slate-700">
        {report.format === 'oxs' ? 'From an OXS chart' : 'From a Stitchwise pattern'}: {report.width} × {report.height} stitches,{' '}
        {[plural(report.stitches, 'full stitch', 'full stitches'), ...importedMarks(report.marks)].join(', ')} in {plural(report.threads, 'thread', 'threads')}.
      </p>
      {report.thread_mappings.length > 0 && (
        <table className="w-full text-left text-sm">
          <caption className="mb-1 text-left text-xs text-slate-600">
            Each colour of the file and its thread: DMC, Anchor and Madeira threads stay themselves, other colours become the nearest thread of the brand
            chosen. ΔE00 is how far the colours are apart: under 2 is hard to see, so check the larger ones.
          </caption>
          <thead>
            <tr className="text-xs text-slate-500">
              <th scope="col">In the file</th>
              <th scope="col">Thread</th>
              <th scope="col">ΔE00</th>
              <th scope="col">Matched by</th>
            </tr>
          </thead>
          <tbody>
            {report.thread_mappings.map((mapping) => (
              <tr key={`${mapping.source} ${threadKey(mapping)}`} data-testid="thread-mapping">
                <td>{mapping.source}</td>
                <td>
                  {threadLabel(mapping)} {mapping.name}
                </td>
                <td>{mapping.delta_e.toFixed(1)}</td>
                <td>{mapping.matched_by === 'code' ? 'code' : 'nearest colour'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {left.length > 0 ? (
        <div className="text-sm text-amber-800">
          <p>Not imported (they do not fit the chart, or charts here do not hold them):</p>
          <ul className="list-disc pl-5">
            {left.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-slate-700">Every stitch of the file was imported.</p>
      )}
    </div>
  );
}
