import type { DayCount } from '@stitchwise/core';
import { formatDay, stitchCount } from './statistics-text';

/** Heights of the bars' areas: marks above the line, unpicking (a day below zero) beneath it. */
const UP_PX = 64;
const DOWN_PX = 20;

/**
 * A small bar chart of the stitches marked on each of the last days, oldest first: a bar up for marks, down
 * below the line for a day of more unpicking than marking, the day of the month beneath. Screen readers get
 * the same as a table (the bars are hidden from them).
 */
export function DayBars({ days, caption }: { days: readonly DayCount[]; caption: string }) {
  const largest = Math.max(1, ...days.map((entry) => Math.abs(entry.count)));
  const unpicked = days.some((entry) => entry.count < 0);
  return (
    <figure>
      <div className="flex items-stretch gap-1" aria-hidden="true" data-testid="day-bars">
        {days.map(({ day, count }, index) => {
          const height = (Math.abs(count) / largest) * UP_PX;
          const today = index === days.length - 1;
          return (
            <div key={day} className="flex min-w-0 flex-1 flex-col items-center" title={`${formatDay(day, { weekday: true })}: ${stitchCount(count)}`}>
              <div className="flex w-full items-end border-b border-slate-400" style={{ height: UP_PX }}>
                {count > 0 && <div className="w-full rounded-t bg-emerald-600" style={{ height: Math.max(2, height) }} />}
              </div>
              {unpicked && (
                <div className="w-full" style={{ height: DOWN_PX }}>
                  {count < 0 && <div className="w-full rounded-b bg-amber-600" style={{ height: Math.min(DOWN_PX, Math.max(2, height)) }} />}
                </div>
              )}
              <span className={`mt-0.5 text-[0.7rem] tabular-nums ${today ? 'font-bold text-slate-900' : 'text-slate-500'}`}>{Number(day.slice(8))}</span>
            </div>
          );
        })}
      </div>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Stitches</th>
          </tr>
        </thead>
        <tbody>
          {days.map(({ day, count }) => (
            <tr key={day}>
              <th scope="row">{formatDay(day, { weekday: true })}</th>
              <td>{count.toLocaleString('en')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
