import {
  aBrandName,
  ALPHABETS,
  alphabetById,
  findBrandThread,
  layOutText,
  letteringInk,
  letteringPattern,
  missingCharacters,
  PATTERN_LIMITS,
  toPatternDocument,
  type Thread,
  type ThreadBrand,
} from '@stitchwise/core';
import type { ClientKey } from '../auth/client-key.js';
import { VISITOR_LETTERING_SIDE, type AlphabetView, type LetteringRequest } from '../contract/lettering.js';
import { HttpProblem } from '../http/problem.js';
import type { TransientFiles } from '../repositories/transient-files.js';

/** A lettering chart: its document as stored, and the stored file's address. */
export interface LetteringChart {
  json: Uint8Array;
  url: string;
}

/** Text made into charts with the core's stitch alphabets; each chart is kept 24 hours, like a visitor's result. */
export class LetteringService {
  constructor(
    private readonly transientFiles: TransientFiles,
    private readonly fileUrl: (id: string) => string,
  ) {}

  alphabets(): { alphabets: AlphabetView[] } {
    // Everything but `origin`, the package the font was taken from, which the README and the About page name.
    return { alphabets: ALPHABETS.map(({ origin: _origin, ...alphabet }) => alphabet) };
  }

  /** The chart of `request`, stored for `client`; refused with 400 naming the field where it cannot be stitched. */
  async chart(request: LetteringRequest, client: ClientKey, { signedIn }: { signedIn: boolean }): Promise<LetteringChart> {
    const alphabet = alphabetById(request.alphabet)!; // the contract admits only the alphabets' ids
    const thread = plainThread(request.brand, request.code);
    const lettering = layOutText(request.text, alphabet.id, {
      letterSpacing: request.letter_spacing,
      lineSpacing: request.line_spacing,
      align: request.align,
    });
    if (lettering.missing.length > 0) refuse(missingCharacters(alphabet.name, lettering.missing));
    const ink = letteringInk(lettering);
    if (!ink) refuse(`text has nothing to stitch in the ${alphabet.name} alphabet`);
    const [width, height] = [ink.width + 2 * request.margin, ink.height + 2 * request.margin];
    const largest = signedIn ? PATTERN_LIMITS.maxSide : VISITOR_LETTERING_SIDE;
    if (Math.max(width, height) > largest) refuse(tooLarge(width, height, signedIn));

    const json = new TextEncoder().encode(JSON.stringify(toPatternDocument(letteringPattern(lettering, thread, request.margin))));
    const id = await this.transientFiles.store(json, 'json', client);
    return { json, url: this.fileUrl(id) };
  }
}

/** The thread of `code` in the brand's catalogue; lettering is stitched in one thread, so a blend is refused too. */
function plainThread(brand: ThreadBrand, code: string): Thread {
  const thread = findBrandThread(brand, code);
  if (thread) return thread;
  const message = code.includes('+')
    ? `code "${code}" names a blend: lettering is stitched in one thread`
    : `code "${code}" is not ${aBrandName(brand)} thread`;
  throw HttpProblem.invalidFields([{ field: 'code', message }]);
}

function refuse(message: string): never {
  throw HttpProblem.invalidFields([{ field: 'text', message }]);
}

function tooLarge(width: number, height: number, signedIn: boolean): string {
  const size = `The chart would be ${width} × ${height} stitches`;
  const shorter = 'choose a smaller alphabet, fewer letters a line, fewer lines or a smaller margin';
  if (signedIn) return `${size}, more than the ${PATTERN_LIMITS.maxSide} stitches a side a chart can have: ${shorter}.`;
  return (
    `${size}, more than the ${VISITOR_LETTERING_SIDE} stitches a side of a chart without an account: ` +
    `sign in for charts up to ${PATTERN_LIMITS.maxSide} stitches a side, or ${shorter}.`
  );
}
