/** "Nov 23, 2026, 7:53 PM": when a draft was kept or a version saved. */
export function dateTime(when: number | string): string {
  return new Date(when).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
}

/** "7:53 PM": when the chart was saved, today. */
export function timeOfDay(when: number | string): string {
  return new Date(when).toLocaleTimeString('en', { hour: 'numeric', minute: '2-digit' });
}
