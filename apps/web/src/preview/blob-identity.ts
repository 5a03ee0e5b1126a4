const identities = new WeakMap<Blob, string>();
let counter = 0;

/**
 * A name for this very file or blob, for cache keys: two files with the same name and size are
 * still told apart, and the same file always gets the same name.
 */
export function blobIdentity(blob: Blob): string {
  let identity = identities.get(blob);
  if (!identity) {
    identity = `blob-${++counter}`;
    identities.set(blob, identity);
  }
  return identity;
}
