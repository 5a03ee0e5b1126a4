import { useEffect } from 'react';
import { useAuth } from '../auth/auth-context';
import { useOnline } from '../lib/connection';
import { claimOfflineData, keepProjectsList, workerInCharge } from './kept-projects';
import { useSendKeptMarks, useSendWhenOnline } from './send-kept-marks';
import { sendWaitingEdits } from './send-waiting-edits';

/**
 * A signed-in user's offline housekeeping, whichever screen is open: another user's kept copies are dropped
 * (kept-projects.ts), the projects list is kept, and marks kept on the device are sent when online
 * (send-kept-marks.ts), and chart edits saved offline are saved (send-waiting-edits.ts). Loaded only
 * once someone is signed in.
 */
export default function OfflineSync() {
  const auth = useAuth();
  const userId = auth.user?.profile.sub;
  const token = auth.user && !auth.user.expired ? auth.user.access_token : undefined;
  const online = useOnline();
  useEffect(() => {
    if (userId) void claimOfflineData(userId);
  }, [userId]);
  // The list as it is now, for the day the app opens offline (the worker keeps what it answers).
  useEffect(() => {
    if (token && online) void workerInCharge().then((inCharge) => (inCharge ? keepProjectsList() : undefined));
  }, [token, online]);
  useSendKeptMarks(token);
  useSendWhenOnline(token, sendWaitingEdits);
  return null;
}
