/**
 * The idea pictures made in this browser tab's session (sessionStorage: gone when the tab closes),
 * newest first, so the idea box can offer them again after a reload or a visit to another page.
 */
export interface SessionIdea {
  prompt: string;
  /** The stored picture on the server; also its thumbnail. */
  imageUrl: string;
  /** When it was made, in ms since 1970. */
  createdAt: number;
}

/** How many ideas the list keeps: a day's credits and a few more. */
export const SESSION_IDEAS_LIMIT = 12;

const KEY = 'stitchwise.session-ideas';

function isSessionIdea(value: unknown): value is SessionIdea {
  if (typeof value !== 'object' || value === null) return false;
  const idea = value as Record<string, unknown>;
  return typeof idea.prompt === 'string' && typeof idea.imageUrl === 'string' && typeof idea.createdAt === 'number';
}

/** The ideas kept, newest first; none when storage is unavailable or holds something else. */
export function readSessionIdeas(): SessionIdea[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isSessionIdea).slice(0, SESSION_IDEAS_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Puts a new idea first, drops the oldest past the limit, and returns the list as now kept. */
export function addSessionIdea(idea: SessionIdea): SessionIdea[] {
  const ideas = [idea, ...readSessionIdeas().filter((kept) => kept.imageUrl !== idea.imageUrl)].slice(0, SESSION_IDEAS_LIMIT);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(ideas));
  } catch {
    // Storage full or switched off: the list still shows for as long as the page is open.
  }
  return ideas;
}
