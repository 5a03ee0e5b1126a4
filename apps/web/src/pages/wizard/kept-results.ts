import type { StitchPlan } from '../../api/schemas';

/**
 * Results shown by this tab, kept in its session storage by pattern id, so a reload of the result's
 * address (?step=result&pattern=…) shows the same result. A handful is enough: older ones go first.
 */
const KEY = 'stitchwise.wizard.results';
const KEPT = 5;

/** A result and the project name it was made under (a visitor's PDF is titled by it; none in results kept before). */
export interface KeptResult {
  plan: StitchPlan;
  name?: string;
}

type Kept = ({ id: string } & KeptResult)[];

export const patternIdOf = (plan: StitchPlan): string => plan.pattern_url.split('/').pop() ?? '';

export function keepResult(result: KeptResult): void {
  const id = patternIdOf(result.plan);
  const kept = read().filter((entry) => entry.id !== id);
  write([{ id, ...result }, ...kept].slice(0, KEPT));
}

export function keptResult(id: string): KeptResult | undefined {
  const kept = read().find((entry) => entry.id === id);
  return kept && { plan: kept.plan, name: kept.name };
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
