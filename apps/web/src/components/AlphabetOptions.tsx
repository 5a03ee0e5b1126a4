import { ALPHABETS } from '@stitchwise/core';
import { alphabetLabel } from '../lib/lettering';

/** The stitch alphabets as a select's options: 'Bold, 10 stitches', 'Backstitch sans, 8 stitches, backstitch'. */
export function AlphabetOptions() {
  return ALPHABETS.map((alphabet) => (
    <option key={alphabet.id} value={alphabet.id}>
      {alphabetLabel(alphabet)}
    </option>
  ));
}
