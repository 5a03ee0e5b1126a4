import type { StitchPlan } from '../../api/schemas';
import { patternIdOf } from './kept-results';

/**
 * A visitor's latest result, kept by the browser (local storage, across the sign-in round trip) with the
 * server's claim on it until the claim lapses. When sign-in or sign-up starts while that result is on
 * screen, the claim is marked wanted; once signed in, ClaimAfterSignIn sends it once. Kept small: the
 * app's first download includes it (sign-in marks the claim).
 */
const KEY = 'stitchwise.visitorClaim';

export interface StoredClaim {
  token: string;
  expires_at: string;
  name: string;
  patternId: string;
  /** When sign-in started from this result; a sign-in finished much later (perhaps by someone else on this browser) does not claim it. */
  wantedAt?: number;
}

/** How long after starting sign-in from a result finishing it still claims the result: sign-up included. */
const SIGN_IN_WINDOW_MS = 30 * 60_000;

export function keepClaim(plan: StitchPlan, name: string): void {
  if (!plan.claim) return;
  writeClaim({ ...plan.claim, name: name.trim(), patternId: patternIdOf(plan) });
}

/** Sign-in is starting at `address`: if it shows the kept result, the result is to be claimed afterwards. */
export function markClaimWanted(address: string): void {
  const claim = readClaim();
  if (claim && new URLSearchParams(address.split('?')[1] ?? '').get('pattern') === claim.patternId) writeClaim({ ...claim, wantedAt: Date.now() });
}

const isWanted = (claim: StoredClaim | undefined): claim is StoredClaim => !!claim?.wantedAt && Date.now() - claim.wantedAt < SIGN_IN_WINDOW_MS;

export function hasWantedClaim(): boolean {
  return isWanted(readClaim());
}

/** The wanted, unexpired claim, taken out of storage so it is sent once. */
export function takeWantedClaim(): StoredClaim | undefined {
  const claim = readClaim();
  if (!isWanted(claim)) return undefined;
  localStorage.removeItem(KEY);
  return Date.parse(claim.expires_at) > Date.now() ? claim : undefined;
}

function readClaim(): StoredClaim | undefined {
  try {
    const claim = JSON.parse(localStorage.getItem(KEY) ?? 'null') as StoredClaim | null;
    return claim && typeof claim.token === 'string' ? claim : undefined;
  } catch {
    return undefined;
  }
}

export function writeClaim(claim: StoredClaim): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(claim));
  } catch {
    // Storage refused: the result can still be downloaded, only not claimed.
  }
}
