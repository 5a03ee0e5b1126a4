import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { api, statusOf, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import type { StitchPlan } from '../../api/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { patternIdOf } from './kept-results';

/**
 * A visitor's latest result, kept by the browser (local storage, across the sign-in round trip) with the
 * server's claim on it until the claim lapses. When sign-in or sign-up starts while that result is on
 * screen, the claim is marked wanted; once signed in, it is sent once and the result becomes a project.
 */
const KEY = 'stitchwise.visitorClaim';

interface StoredClaim {
  token: string;
  expires_at: string;
  name: string;
  patternId: string;
  wanted: boolean;
}

export function keepClaim(plan: StitchPlan, name: string): void {
  if (!plan.claim) return;
  write({ ...plan.claim, name: name.trim(), patternId: patternIdOf(plan), wanted: false });
}

/** Sign-in is starting at `address`: if it shows the kept result, the result is to be claimed afterwards. */
export function markClaimWanted(address: string): void {
  const claim = read();
  if (claim && new URLSearchParams(address.split('?')[1] ?? '').get('pattern') === claim.patternId) write({ ...claim, wanted: true });
}

/** The wanted, unexpired claim, taken out of storage so it is sent once. */
function takeWantedClaim(): StoredClaim | undefined {
  const claim = read();
  if (!claim?.wanted) return undefined;
  localStorage.removeItem(KEY);
  return Date.parse(claim.expires_at) > Date.now() ? claim : undefined;
}

/** Once signed in, claims the result the sign-in started from, and opens it as the user's project. */
export function useClaimAfterSignIn(signedIn: boolean): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sent = useRef(false);
  useEffect(() => {
    if (!signedIn || sent.current) return;
    const claim = takeWantedClaim();
    if (!claim) return;
    sent.current = true;
    void (async () => {
      try {
        const body = claim.name ? { token: claim.token, name: claim.name } : { token: claim.token };
        const project = unwrap(await api.POST('/api/stitch/projects/claim', { body }));
        void queryClient.invalidateQueries({ queryKey: queryKeys.projects.all });
        toast.success(`Your pattern is saved to your projects as “${project.name}”.`);
        void navigate(`/stitch/projects/${project.id}`);
      } catch (error) {
        const status = statusOf(error);
        if (status === 409) toast.info('That pattern is already saved to your projects.');
        else if (status === 410) toast.warn('Your pattern from before signing in has expired: results without an account are kept for 24 hours.');
        else {
          write(claim); // kept for the next visit: the server could not be reached or failed
          toast.error('Your pattern from before signing in could not be saved yet. It will be tried again next time.');
        }
      }
    })();
  }, [signedIn, navigate, queryClient]);
}

function read(): StoredClaim | undefined {
  try {
    const claim = JSON.parse(localStorage.getItem(KEY) ?? 'null') as StoredClaim | null;
    return claim && typeof claim.token === 'string' ? claim : undefined;
  } catch {
    return undefined;
  }
}

function write(claim: StoredClaim): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(claim));
  } catch {
    // Storage refused: the result can still be downloaded, only not claimed.
  }
}
