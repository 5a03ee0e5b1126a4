import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { api, statusOf, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { takeWantedClaim, writeClaim } from './claim-storage';

/**
 * Once signed in, claims the visitor's result the sign-in started from (claim-storage.ts) and opens it
 * as the user's project. Rendered by the layout only while such a claim waits, so its code loads then.
 */
export default function ClaimAfterSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
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
        else if (status === 400) toast.warn('Your pattern from before signing in could not be saved: its claim was not valid.');
        else if (status === 410) toast.warn('Your pattern from before signing in has expired: results without an account are kept for 24 hours.');
        else {
          writeClaim(claim); // kept for the next visit: the server could not be reached or failed
          toast.error('Your pattern from before signing in could not be saved yet. It will be tried again next time.');
        }
      }
    })();
  }, [navigate, queryClient]);
  return null;
}
