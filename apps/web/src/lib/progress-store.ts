import { decodeProgress, encodeProgress, progressBytes } from '@stitchwise/core';

/**
 * Marks not yet on the server, kept in the browser (localStorage) per project and chart version, so they
 * survive a lost connection, a closed tab and a reload. `base` is what the server had when they were made,
 * so that on the next load they can be laid over the server's newer state (a three-way merge) instead of
 * undoing what another device marked meanwhile.
 */
export interface KeptMarks {
  version: number;
  width: number;
  height: number;
  /** The server's bits the marks were made over. */
  base: Uint8Array;
  /** The bits with the marks. */
  local: Uint8Array;
}

const PREFIX = 'stitchwise.progress.';
const keyOf = (projectId: string, version: number) => `${PREFIX}${projectId}.v${version}`;

/** Kept marks as read, with the stored text (to forget them only while nobody has written over them). */
export type StoredMarks = KeptMarks & { text: string };

/** The project's kept marks, oldest version first; entries that do not read are left out. */
export function readKept(storage: Storage | undefined, projectId: string): StoredMarks[] {
  if (!storage) return [];
  const kept: StoredMarks[] = [];
  const prefix = `${PREFIX}${projectId}.v`;
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(prefix)) continue;
    const text = storage.getItem(key);
    const marks = parse(text, Number(key.slice(prefix.length)));
    if (marks && text) kept.push({ ...marks, text });
  }
  return kept.sort((a, b) => a.version - b.version);
}

/** Keeps (or replaces) one version's marks; returns the text stored, or undefined when the browser refuses (storage full or switched off). */
export function writeKept(storage: Storage | undefined, projectId: string, marks: KeptMarks): string | undefined {
  if (!storage) return undefined;
  try {
    const { width, height } = marks;
    const text = JSON.stringify({ width, height, base: encodeProgress(marks.base), local: encodeProgress(marks.local) });
    storage.setItem(keyOf(projectId, marks.version), text);
    return text;
  } catch {
    return undefined;
  }
}

/** Forgets one version's marks if they are still `text`: another tab (or a newer page of this one) may have kept its own since. */
export function forgetKept(storage: Storage | undefined, projectId: string, version: number, text: string): void {
  try {
    if (storage?.getItem(keyOf(projectId, version)) === text) storage.removeItem(keyOf(projectId, version));
  } catch {
    // Storage switched off: there is nothing kept to forget.
  }
}

/** The browser's localStorage, or undefined where it is switched off (private modes, blocked cookies). */
export function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function parse(text: string | null, version: number): KeptMarks | undefined {
  if (!text || !Number.isInteger(version) || version < 1) return undefined;
  try {
    const value = JSON.parse(text) as { width?: unknown; height?: unknown; base?: unknown; local?: unknown };
    const { width, height } = value;
    if (typeof width !== 'number' || typeof height !== 'number' || typeof value.base !== 'string' || typeof value.local !== 'string') return undefined;
    const base = decodeProgress(value.base);
    const local = decodeProgress(value.local);
    const size = progressBytes(width, height);
    if (!base || !local || base.length !== size || local.length !== size) return undefined;
    return { version, width, height, base, local };
  } catch {
    return undefined;
  }
}
