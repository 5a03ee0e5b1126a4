import { ApiError, forgetRefusedToken, getAccessToken } from './client';
import type { components } from './openapi.gen';
import type { Problem, StitchPlan } from './schemas';

export type GenerationStage = components['schemas']['GenerationStage'];
type GenerationEvent = components['schemas']['GenerationEvent'];

/** Where a generation is: the upload (with the share sent), then each stage the server reports. */
export type GenerationProgress = { stage: 'uploading'; sent: number } | { stage: GenerationStage };

export interface SendOptions {
  onProgress: (progress: GenerationProgress) => void;
  /** Aborting closes the request, which stops the server's work too. */
  signal: AbortSignal;
  timeoutMs: number;
}

/**
 * Posts a generation form and follows it: XMLHttpRequest, because fetch cannot report upload progress;
 * the server answers as an event stream (Accept: text/event-stream), read as it arrives.
 */
export function sendGeneration(url: string, form: FormData, { onProgress, signal, timeoutMs }: SendOptions): Promise<StitchPlan> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.timeout = timeoutMs;
    request.setRequestHeader('Accept', 'text/event-stream');
    const token = getAccessToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);

    let read = 0;
    let outcome: StitchPlan | ApiError | undefined;
    /** Reads the events that have arrived whole (a blank line ends each); false if one was unreadable. */
    const readEvents = (): boolean => {
      if (!request.getResponseHeader('content-type')?.startsWith('text/event-stream')) return true;
      const text = request.responseText;
      let end;
      while ((end = text.indexOf('\n\n', read)) >= 0) {
        const data = /^data: ([^\n]*)$/m.exec(text.slice(read, end))?.[1];
        read = end + 2;
        if (!data) continue;
        let event: GenerationEvent;
        try {
          event = JSON.parse(data) as GenerationEvent;
        } catch {
          return false;
        }
        if (event.type === 'stage') onProgress({ stage: event.stage });
        else if (event.type === 'result') outcome = event.plan;
        else outcome = new ApiError(event.problem.status, event.problem);
      }
      return true;
    };

    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ stage: 'uploading', sent: event.loaded / event.total });
    };
    request.onprogress = () => {
      if (readEvents()) return;
      request.abort(); // settles below as a failure, not a hang
    };
    request.onload = () => {
      if (request.status === 401) forgetRefusedToken();
      if (request.status !== 200) {
        reject(new ApiError(request.status, parsed(request.responseText) as Partial<Problem> | undefined));
        return;
      }
      // A server (or proxy) that answered plain JSON instead of events: the plan itself.
      if (request.getResponseHeader('content-type')?.startsWith('application/json')) {
        resolve(parsed(request.responseText) as StitchPlan);
        return;
      }
      if (!readEvents()) outcome = new ApiError(502, undefined);
      if (outcome instanceof ApiError || outcome === undefined) reject(outcome ?? new ApiError(502, undefined));
      else resolve(outcome);
    };
    request.onerror = () => reject(new TypeError('The server could not be reached.'));
    request.ontimeout = () => reject(new DOMException('The server took too long to answer.', 'TimeoutError'));
    const cancelled = (): void => {
      if (!signal.aborted)
        reject(new ApiError(502, undefined)); // stopped here: the server's answer was unreadable
      else reject(signal.reason instanceof Error ? signal.reason : new DOMException('Cancelled', 'AbortError'));
    };
    request.onabort = cancelled;
    if (signal.aborted) {
      cancelled();
      return;
    }
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
