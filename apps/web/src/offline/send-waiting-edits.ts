import { api } from '../api/client';
import { deleteDraft, readWaitingDrafts, writeDraft } from '../lib/drafts';
import { isLive } from '../lib/progress-live';
import { publishOutboxStatus as publish } from './outbox-status';

/** What marks a project's editor as open (lib/progress-live.ts's heartbeat under this name): it saves its own edit. */
export const editorLiveKey = (projectId: string): string => `editor.${projectId}`;

let sending: Promise<void> | undefined;

/**
 * Chart edits saved offline (a draft marked waiting) are saved from any screen once online, with If-Match on the
 * version each was made on, as the editor would: the server's new version, and the draft goes. A project whose
 * editor is open (in any tab) is left to it. When the chart was saved elsewhere meanwhile (412) the draft stays,
 * no longer waiting, and the editor offers it when the project is next edited, never saved over the other edit.
 */
export function sendWaitingEdits(): Promise<void> {
  sending ??= (async () => {
    const drafts = await readWaitingDrafts().catch(() => []);
    let sent = 0;
    for (const draft of drafts) {
      const projectId = draft.scope.slice('project:'.length);
      if (isLive(editorLiveKey(projectId))) continue;
      if (sent === 0) publish('syncing');
      const result = await api
        .PUT('/api/stitch/projects/{id}/pattern', { params: { path: { id: projectId }, header: { 'if-match': draft.etag! } }, body: draft.document })
        .catch(() => undefined);
      const status = result?.response.status;
      if (result?.response.ok) {
        await deleteDraft(draft.key);
        sent++;
      } else if (status === 412 || (status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 429)) {
        await writeDraft({ ...draft, waiting: false }); // for the editor to offer: refused, or changed elsewhere
      } // no answer, 401 (a token being renewed), 429 or 5xx: it waits for the next try
    }
    if (drafts.length > 0) publish(sent > 0 ? 'saved' : 'idle');
  })().finally(() => (sending = undefined));
  return sending;
}
