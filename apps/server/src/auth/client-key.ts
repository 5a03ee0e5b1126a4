/** Who a request counts against for limits and stored files: `user:<subject>` when signed in, `ip:<address>` for a visitor. */
export type ClientKey = `user:${string}` | `ip:${string}`;

export const isVisitor = (client: ClientKey): boolean => client.startsWith('ip:');
