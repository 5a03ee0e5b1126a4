import { ALPHABETS } from '@stitchwise/core';
// The fonts' licences travel with the alphabets' data: the OFL and the Adobe notice ask for their full text.
import alphabetLicences from '../../../../packages/core/src/lettering/LICENSES.md?raw';
import { useDocumentTitle } from '../lib/use-document-title';

const REASONS = [
  { title: 'Unlock Creativity', text: 'Any photo, sketch or idea can become a pattern you can stitch.' },
  { title: 'Save Time', text: 'No more holding skeins against a screen: the threads are matched for you.' },
  { title: 'Be Precise', text: 'Colours are compared with CIEDE2000, the measure closest to how eyes see difference.' },
  { title: 'Stay Inspired', text: 'Keep your projects, revisit them, and try new ideas every day.' },
];

export function About() {
  useDocumentTitle('About');
  return (
    <div className="space-y-8">
      <section>
        <h1 className="text-2xl font-bold">About Stitchwise</h1>
        <p className="mt-3 max-w-3xl text-slate-600">
          Our mission is to make planning cross-stitch and embroidery as enjoyable as the stitching itself: accurate thread matching, clean charts and less
          guesswork, for beginners and seasoned stitchers alike.
        </p>
      </section>
      <section aria-labelledby="tools">
        <h2 id="tools" className="text-lg font-semibold">
          Three tools
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-600">
          <li>Dominant Color Analysis: the main colours of a picture and their DMC threads.</li>
          <li>Color Matcher: the five closest threads for any point you click.</li>
          <li>Stitch Pattern Wizard: a chart with grid, symbols and legend, saved as a project.</li>
        </ul>
      </section>
      <section aria-labelledby="why" className="grid gap-4 md:grid-cols-2">
        <h2 id="why" className="sr-only">
          Why Stitchwise
        </h2>
        {REASONS.map((reason) => (
          <div key={reason.title} className="card">
            <h3 className="font-semibold text-violet-700">{reason.title}</h3>
            <p className="mt-1 text-sm text-slate-600">{reason.text}</p>
          </div>
        ))}
      </section>
      <section aria-labelledby="credits" className="space-y-1 text-xs text-slate-600">
        <h2 id="credits" className="text-sm font-semibold text-slate-700">
          Thread colours
        </h2>
        <p>DMC thread colours: screen approximations from a community colour table (craft-color-codes by MakeBead, CC BY 4.0).</p>
        <p>
          Anchor and Madeira thread colours: the floss schemes of KXStitch 2.2.0, © 2003–2015 Stephen Allewell, licensed GPL-2.0-or-later. These too are screen
          approximations; between brands Stitchwise gives only the nearest colours (ΔE00), never official equivalents.
        </p>
        <p>DMC, Anchor and Madeira are trademarks of their owners; Stitchwise is affiliated with none of them.</p>
      </section>
      <section aria-labelledby="alphabet-credits" className="space-y-1 text-xs text-slate-600">
        <h2 id="alphabet-credits" className="text-sm font-semibold text-slate-700">
          Stitch alphabets
        </h2>
        <p>The lettering alphabets are drawn stitch for stitch from openly licensed fonts; each keeps its font’s licence.</p>
        <ul className="list-disc space-y-1 pl-5">
          {ALPHABETS.map((alphabet) => (
            <li key={alphabet.id}>
              {alphabet.name} ({alphabet.kind === 'backstitch' ? 'backstitch' : 'cross stitch'}): from {alphabet.font}, {alphabet.licence}.{' '}
              {alphabet.credit.replace(/\.?$/, '.')}
            </li>
          ))}
        </ul>
        <details>
          <summary className="inline-flex min-h-8 cursor-pointer items-center">The licences in full</summary>
          <pre className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap font-sans">{alphabetLicences}</pre>
        </details>
      </section>
    </div>
  );
}
