import { useEffect, useRef, type KeyboardEvent } from 'react';

const FOCUSABLE =
  'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), summary, [tabindex]:not([tabindex="-1"])';

/** Whether the element is shown: the fields of a closed <details> match FOCUSABLE but cannot take the focus. */
const shown = (element: HTMLElement): boolean => typeof element.checkVisibility !== 'function' || element.checkVisibility();

/**
 * A modal's focus: moved into the element on open (its first control, else the element itself) and
 * whenever `refocusOn` changes, kept there (Tab and Shift+Tab cycle through its controls), Escape calls
 * `onEscape`, and the focus goes back where it was on close. Keys pressed inside do not reach the page.
 */
export function useFocusTrap<T extends HTMLElement>(onEscape: (() => void) | undefined, refocusOn?: unknown) {
  const ref = useRef<T>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (ref.current?.querySelector<HTMLElement>(FOCUSABLE) ?? ref.current)?.focus();
    return () => previous?.focus();
  }, [refocusOn]);

  const onKeyDown = (event: KeyboardEvent<T>) => {
    event.stopPropagation();
    if (event.key === 'Escape' && onEscape) {
      event.preventDefault();
      onEscape();
    } else if (event.key === 'Tab') {
      const focusable = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter(shown);
      const [first, last] = [focusable[0], focusable.at(-1)];
      if (!first || !last) {
        event.preventDefault(); // nothing to move to: the focus stays on the element
        return;
      }
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  return { ref, onKeyDown };
}
