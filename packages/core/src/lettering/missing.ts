/** A character as a message shows it: white space and invisible characters by their code point. */
function shown(character: string): string {
  if (/^[\p{L}\p{M}\p{N}\p{P}\p{S}]+$/u.test(character)) return character;
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** `a`, `a or b`, `a, b or c`. */
function listed(items: readonly string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} or ${items.at(-1)!}`;
}

/** The sentence saying which characters an alphabet lacks: 'The Tiny alphabet has no Ω or ✿.' (the server's and the editor's). */
export function missingCharacters(alphabetName: string, missing: readonly string[]): string {
  return `The ${alphabetName} alphabet has no ${listed(missing.map(shown))}.`;
}
