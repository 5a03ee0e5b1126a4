import { randomUUID } from 'node:crypto';
import { disallowedCharacter } from '@stitchwise/core';
import { nowIso } from '../db/database.js';
import type { LocalAccountRow } from '../db/schema.js';
import type { LocalAccountsRepository } from '../repositories/local-accounts.js';
import { decoyPasswordHash, hashPassword, passwordProblem, verifyPassword } from './passwords.js';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

/** Field-by-field reasons a sign-up was refused, in words for the form. */
export class SignUpRefused extends Error {
  constructor(readonly fieldErrors: Partial<Record<keyof SignUpInput, string>>) {
    super('Sign-up refused');
    this.name = 'SignUpRefused';
  }
}

/** Ten wrong passwords for one address within 15 minutes pause sign-in for that address. */
export const SIGN_IN_THROTTLE = { maxFailures: 10, windowMs: 15 * 60_000 };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const FIELD_LABELS: Readonly<Record<keyof SignUpInput, string>> = { name: 'Your name', email: 'The e-mail address', password: 'The password' };

/**
 * A sentence for the form when a field holds a character no text field accepts (see
 * `disallowedCharacter`: controls, lone surrogates, non-characters, and tabs or line breaks, since
 * every field of these forms is a single line); undefined when the text is fine. The name and e-mail
 * address, shown to people, refuse invisible text-direction controls and stray zero-width characters too
 * (a name could otherwise read backwards or look like another); a password may hold anything typeable.
 */
export function characterProblem(field: keyof SignUpInput, text: string): string | undefined {
  const found = disallowedCharacter(text, { invisible: field !== 'password' });
  if (!found) return undefined;
  const label = FIELD_LABELS[field];
  if (found.kind === 'line-break') return `${label} must be on one line, without tabs or line breaks.`;
  const what =
    found.kind === 'control' || found.kind === 'bidi' || found.kind === 'zero-width'
      ? `an invisible control character (${found.codePoint})`
      : `a character that is not allowed (${found.codePoint})`;
  return `${label} contains ${what}. Remove it and try again.`;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Accounts of the built-in identity provider. */
export class LocalAccounts {
  constructor(private readonly repository: LocalAccountsRepository) {}

  async signUp(input: SignUpInput): Promise<LocalAccountRow> {
    const name = input.name.trim();
    const email = normaliseEmail(input.email);
    const errors: Partial<Record<keyof SignUpInput, string>> = {};
    // Characters no field accepts come first: they are checked as typed, before trimming.
    for (const field of ['name', 'email', 'password'] as const) {
      const problem = characterProblem(field, input[field]);
      if (problem) errors[field] = problem;
    }
    if (!errors.name) {
      if (!name) errors.name = 'Enter your name.';
      else if (name.length > 100) errors.name = 'Use at most 100 characters.';
    }
    if (!errors.email && (!EMAIL_PATTERN.test(email) || email.length > 254)) errors.email = 'Enter an e-mail address like name@example.com.';
    const passwordError = errors.password ? undefined : passwordProblem(input.password, email, name);
    if (passwordError) errors.password = passwordError;
    if (Object.keys(errors).length > 0) throw new SignUpRefused(errors);

    const account: LocalAccountRow = {
      id: randomUUID(),
      email,
      name,
      password_hash: await hashPassword(input.password),
      created_at: nowIso(),
    };
    // The unique index decides between two sign-ups racing for one address.
    const inserted = await this.repository.insertIfEmailFree(account);
    if (!inserted) {
      throw new SignUpRefused({ email: 'An account with this e-mail address already exists. Sign in instead.' });
    }
    return account;
  }

  /**
   * The account when the password is right; `undefined` otherwise, after the same amount of work;
   * `'throttled'` after too many recent wrong passwords for the address, without checking at all.
   */
  async authenticate(email: string, password: string): Promise<LocalAccountRow | 'throttled' | undefined> {
    const address = normaliseEmail(email);
    const windowStart = new Date(Date.now() - SIGN_IN_THROTTLE.windowMs).toISOString();
    const failures = await this.repository.countFailuresSince(address, windowStart);
    if (failures >= SIGN_IN_THROTTLE.maxFailures) return 'throttled';

    const account = await this.repository.findByEmail(address);
    const matches = await verifyPassword(password, account?.password_hash ?? (await decoyPasswordHash()));
    if (account && matches) {
      await this.repository.clearFailures(address);
      return account;
    }
    await this.repository.recordFailure(address, nowIso());
    await this.repository.deleteFailuresBefore(windowStart);
    return undefined;
  }

  findById(id: string): Promise<LocalAccountRow | undefined> {
    return this.repository.findById(id);
  }
}
