import { api } from './client';

/** Ends the user's sessions at the server's identity provider; signing out goes on whatever it answers. */
export async function endServerSession(): Promise<void> {
  await api.POST('/api/auth/logout').catch(() => undefined);
}
