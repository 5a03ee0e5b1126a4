/** The messages between the page and the HEIC worker: one photo in, one prepared picture (or a reason) out. */
export interface HeicRequest {
  file: Blob;
  /** The long side to shrink the decoded photo to, if it is larger. */
  longSide: number;
}

export type HeicReply = { kind: 'done'; picture: Blob } | { kind: 'error'; message: string };
