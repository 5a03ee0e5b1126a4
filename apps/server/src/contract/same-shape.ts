/**
 * Compile-time proof that a wire schema's type and the core type it renders are the same shape, so
 * neither can gain or lose a field without the other: `const _proof: SameShape<A, B> = true;`.
 */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
