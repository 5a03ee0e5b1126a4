import { useId, useState } from 'react';

/** 'Or enter an image URL' with a Load Image button that stays disabled while the address is blank. */
export function ImageUrlForm({ onLoad, placeholder = 'https://example.com/flowers.jpg' }: { onLoad: (url: string) => void; placeholder?: string }) {
  const [value, setValue] = useState('');
  const id = useId();
  const url = value.trim();
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (url) onLoad(url);
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        Or enter an image URL
      </label>
      <div className="flex gap-2">
        <input id={id} type="url" className="input flex-1" placeholder={placeholder} value={value} onChange={(event) => setValue(event.target.value)} />
        <button type="submit" className="btn-secondary" disabled={!url}>
          Load Image
        </button>
      </div>
    </form>
  );
}
