import { upgradeLegendEntry, type LegendEntryV2 } from '@stitchwise/core';
import { z } from 'zod';
import { projectSchema } from '../contract/projects.js';
import type { NewProjectRow, ProjectRow } from '../db/schema.js';

/** What a project's stored outputs point at: file ids, turned into URLs only when shown. */
const storedOutputsSchema = z.object({
  input_image: z.string().nullish(),
  stitch_plan: z.string().nullish(),
  pattern: z.string().nullish(),
});
export type StoredOutputs = z.infer<typeof storedOutputsSchema>;

/** The JSON columns of a project row, as the contract shapes them (outputs as file ids). */
const jsonColumnsSchema = projectSchema.pick({ parameters: true, metadata: true, color_legend: true }).extend({ outputs: storedOutputsSchema });
export type ProjectJsonColumns = z.infer<typeof jsonColumnsSchema>;
type TypedColumns = ProjectJsonColumns & { status: z.infer<typeof projectSchema.shape.status> };

/** A project as the repositories give and take it: its row, with the JSON columns and the status as typed values. */
export type StoredProject = Omit<ProjectRow, keyof TypedColumns> & TypedColumns;
export type NewStoredProject = Omit<NewProjectRow, keyof TypedColumns> & TypedColumns;

/**
 * The JSON columns written: the only place a project's parameters, metadata, outputs and legend are
 * serialised, so every writer stores the same shapes.
 */
export function projectColumns<T extends Partial<ProjectJsonColumns>>(values: T): { [K in keyof T]: K extends keyof ProjectJsonColumns ? string : T[K] } {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, key in jsonColumnsSchema.shape ? JSON.stringify(value) : value])) as {
    [K in keyof T]: K extends keyof ProjectJsonColumns ? string : T[K];
  };
}

/** A stored row read back, its JSON columns checked against the contract's shapes (a broken row fails loudly). */
export function storedProjectOf(row: ProjectRow): StoredProject {
  const columns = jsonColumnsSchema.parse({
    parameters: JSON.parse(row.parameters) as unknown,
    metadata: JSON.parse(row.metadata) as unknown,
    outputs: JSON.parse(row.outputs) as unknown,
    color_legend: currentLegend(JSON.parse(row.color_legend) as unknown),
  });
  return { ...row, ...columns, status: projectSchema.shape.status.parse(row.status) };
}

/** A legend stored before thread brands (DMC threads named by `dmc_code` alone) as it is written now; a current one as it is. */
function currentLegend(stored: unknown): unknown {
  if (!Array.isArray(stored)) return stored;
  return stored.map((entry: unknown) =>
    typeof entry === 'object' && entry !== null && !('brand' in entry) ? upgradeLegendEntry(entry as LegendEntryV2) : entry,
  );
}
