import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The shared colour tables (`../shared/data` beside the repository) read here on their own, without the
 * core's catalogues or the generator, so tests can hold the API's answers against the sources.
 */

export interface TableThread {
  code: string;
  name: string;
  r: number;
  g: number;
  b: number;
}

const SHARED = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));

/** A KXStitch floss scheme (`threads/anchor.xml`, `threads/madeira.xml`), in its order. */
function kxStitchTable(file: string): TableThread[] {
  const text = readFileSync(`${SHARED}threads/${file}`, 'utf8');
  return text
    .split('<floss>')
    .slice(1)
    .map((block) => {
      const field = (tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(block)![1]!;
      return { code: field('name'), name: field('description'), r: Number(field('red')), g: Number(field('green')), b: Number(field('blue')) };
    });
}

/** `dmc-floss.csv`: code,name,hex,r,g,b,discontinued, no quoting. */
function dmcTable(): TableThread[] {
  const [, ...lines] = readFileSync(`${SHARED}dmc-floss.csv`, 'utf8').trim().split(/\r?\n/);
  return lines.map((line) => {
    const [code, name, , r, g, b] = line.split(',') as [string, string, string, string, string, string];
    return { code, name, r: Number(r), g: Number(g), b: Number(b) };
  });
}

export const SHARED_TABLES = { dmc: dmcTable(), anchor: kxStitchTable('anchor.xml'), madeira: kxStitchTable('madeira.xml') } as const;

/** Sharma, Wu & Dalal's CIEDE2000 test pairs: [L1, a1, b1, L2, a2, b2, ΔE00]. */
export const SHARMA_PAIRS: number[][] = readFileSync(new URL('../../../../packages/core/test-fixtures/ciede2000-sharma.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t').map(Number));
