import type { AlphabetInfo, LetteringAlign } from '@stitchwise/core';

/** The alignments, as the Text tool and 'Start from text' offer them. */
export const ALIGN_CHOICES: ReadonlyArray<{ value: LetteringAlign; label: string }> = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Centre' },
  { value: 'right', label: 'Right' },
];

/** How an alphabet is offered: 'Bold, 10 stitches', 'Backstitch sans, 8 stitches, backstitch'. */
export const alphabetLabel = (alphabet: AlphabetInfo): string =>
  `${alphabet.name}, ${alphabet.cap_height} stitches${alphabet.kind === 'backstitch' ? ', backstitch' : ''}`;
