/** Small line icons drawn inline, so nothing depends on the fonts or emoji of the visitor's system. */
const PATHS = {
  image: 'M4 5h16v14H4z M4 16l5-5 4 4 3-3 4 4 M15.5 9.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6',
  sparkles: 'M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8z M19 15l.8 2.2 2.2.8-2.2.8L19 21l-.8-2.2-2.2-.8 2.2-.8z',
  lock: 'M6 11h12v9H6z M8.5 11V8a3.5 3.5 0 0 1 7 0v3',
  close: 'M6 6l12 12 M18 6L6 18',
  chevronUp: 'M6 15l6-6 6 6',
  // The chart editor's tools. The stitch tools show one cell of fabric with the stitch drawn in it.
  pencil: 'M4 20l1.2-4.2L15.8 5.2a2 2 0 0 1 2.8 0l.2.2a2 2 0 0 1 0 2.8L8.2 18.8z M14 7l3 3',
  halfStitch: 'M5 5h14v14H5z M5 19L19 5',
  quarterStitch: 'M5 5h14v14H5z M5 19l7-7',
  threeQuarterStitch: 'M5 5h14v14H5z M5 19L19 5 M5 5l7 7',
  backstitch: 'M3 18l5-9 5 7 7-11',
  frenchKnot: 'M12 7.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9z M12 10.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z',
  eraser: 'M9 20h11 M4.6 13.4l8.8-8.8a2 2 0 0 1 2.8 0l3.2 3.2a2 2 0 0 1 0 2.8L11 19H8.4l-3.8-3.8a1.3 1.3 0 0 1 0-1.8z M9 9l6 6',
  fill: 'M4 12l7-7 8 8-6.5 6.5a1.5 1.5 0 0 1-2 0L4 13.1a.8.8 0 0 1 0-1.1z M4 12h15 M8 3l3 2 M20 16s1.5 2.2 1.5 3.3a1.5 1.5 0 0 1-3 0c0-1.1 1.5-3.3 1.5-3.3z',
  eyedropper: 'M4 20l1-3 8.5-8.5 2 2L7 19z M12 7l5 5 M14.5 9.5l3-3a2.1 2.1 0 0 0-3-3l-3 3',
  select: 'M4 7V4h3 M10 4h4 M17 4h3v3 M20 10v4 M20 17v3h-3 M14 20h-4 M7 20H4v-3 M4 14v-4',
  // A wand with a spark at its tip; a lasso's loop and its rope.
  wand: 'M4 20L14 10 M14 10l2.5-2.5 M17 3v2.5 M21 7h-2.5 M19.8 4.2L18 6 M12.5 4.5l1.3 1.3 M19.5 11.5l-1.3-1.3',
  lasso: 'M12 4c4.4 0 8 2.2 8 5s-3.6 5-8 5-8-2.2-8-5 3.6-5 8-5z M7.5 13c-1.3 1.5-1 3.5.8 4.3 M8.3 17.3L7 21',
  text: 'M5 7V4h14v3 M12 4v16 M9 20h6',
  move: 'M12 3v18 M3 12h18 M9 6l3-3 3 3 M9 18l3 3 3-3 M6 9l-3 3 3 3 M18 9l3 3-3 3',
  printer: 'M7 9V4h10v5 M7 17H5a1 1 0 0 1-1-1v-6a1 1 0 0 1 1-1h14a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1h-2 M7 14h10v6H7z',
  file: 'M14 3H7a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V7z M14 3v4h4',
  chevron: 'M9 6l6 6-6 6',
  // Stitching mode's bar.
  back: 'M15 5l-7 7 7 7',
  undo: 'M9 14L4 9l5-5 M4 9h10a6 6 0 0 1 0 12h-3',
  // Three dots, drawn as strokes of no length: wide strokes make them round.
  more: 'M5 12h.01 M12 12h.01 M19 12h.01',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = 'h-5 w-5', strokeWidth = 1.8 }: { name: IconName; className?: string; strokeWidth?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
