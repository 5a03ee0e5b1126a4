import { useState, type InputHTMLAttributes } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'min' | 'max' | 'type'>;

/**
 * A field for a whole number within a range. What is typed stays as typed (a lone '-' on the way to '-2', an empty
 * field), and each whole number within the range is passed on as it is typed; leaving the field shows the number in
 * use again.
 */
export function WholeNumberInput({
  value,
  onValue,
  min,
  max,
  ...props
}: InputProps & { value: number; onValue: (value: number) => void; min: number; max: number }) {
  const [typed, setTyped] = useState<string | undefined>();
  return (
    <input
      {...props}
      type="text"
      // A phone's number pad has no minus sign: where the range goes below 0, the usual keyboard.
      inputMode={min < 0 ? 'text' : 'numeric'}
      title={`A whole number from ${min} to ${max}`}
      pattern="-?[0-9]*"
      value={typed ?? String(value)}
      onChange={(event) => {
        setTyped(event.target.value);
        const number = Number(event.target.value);
        if (event.target.value.trim() !== '' && Number.isInteger(number) && number >= min && number <= max) onValue(number);
      }}
      onBlur={() => setTyped(undefined)}
    />
  );
}
