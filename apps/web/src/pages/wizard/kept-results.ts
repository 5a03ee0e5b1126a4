import type { StitchPlan } from '../../api/schemas';

/**
 * Results shown by this tab, kept in its session storage by pattern id, so a reload of the result's
 * address (?step=result&pattern=…) shows the same result. A handful is enough: older ones go first.
 */
const KEY = 'stitchwise.wizard.results';
const KEPT = 5;

type Kept = { id: string; plan: StitchPlan }[];

export const patternIdOf = (plan: StitchPlan): string => plan.pattern_url.split('/').pop() ?? '';

export function keepResult(plan: StitchPlan): void {
  const id = patternIdOf(plan);
  const kept = read().filter((entry) => entry.id !== id);
  write([{ id, plan }, ...kept].slice(0, KEPT));
}

export function keptResult(id: string): StitchPlan | undefined {
  return read().find((entry) => entry.id === id)?.plan;
}

function read(): Kept {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Kept) : [];
  } catch {
    return [];
  }
}

function write(kept: Kept): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage full or refused: the result still shows; only a reload cannot bring it back.
  }
}
