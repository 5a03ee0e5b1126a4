import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';

const FEATURES = [
  {
    title: 'Dominant Color Analysis',
    text: 'Find the main colours of any picture and the DMC threads that match them, with shares, hex and CMYK.',
    to: '/colors/dominant',
  },
  { title: 'Color Matcher', text: 'Click any point of an image and get the five closest DMC threads, ranked by colour difference.', to: '/colors/matcher' },
  { title: 'Stitch Projects', text: 'Turn images into charts with symbols and a thread legend, and keep every project in one place.', to: '/stitch/projects' },
];

export function Home() {
  useDocumentTitle('');
  return (
    <div className="space-y-10">
      <section className="rounded-2xl bg-gradient-to-br from-violet-600 to-fuchsia-600 px-8 py-12 text-white shadow-lg">
        <h1 className="text-3xl font-bold">Plan your next cross-stitch from any picture</h1>
        <p className="mt-3 max-w-2xl text-violet-100">
          Stitchwise matches colours to real DMC threads, turns images into clean, printable stitch charts, and keeps your projects together.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/colors/dominant" className="rounded-lg bg-white px-5 py-2.5 font-semibold text-violet-700 shadow hover:bg-violet-50">
            Analyze Colors
          </Link>
          <Link to="/stitch/new" className="rounded-lg border border-white/70 px-5 py-2.5 font-semibold text-white hover:bg-white/10">
            Create Stitch Plan
          </Link>
        </div>
      </section>

      <section aria-labelledby="getting-started">
        <h2 id="getting-started" className="text-xl font-semibold">
          Getting Started
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {[
            'Upload a photo, drawing or idea picture.',
            'Choose how many colours and how many stitches you want.',
            'Download the chart with its DMC legend and start stitching.',
          ].map((step, i) => (
            <li key={step} className="card flex gap-3">
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-violet-100 font-semibold text-violet-700">{i + 1}</span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-label="Tools" className="grid gap-4 md:grid-cols-3">
        {FEATURES.map((feature) => (
          <Link key={feature.title} to={feature.to} className="card block transition hover:-translate-y-0.5 hover:shadow-md">
            <h3 className="font-semibold text-violet-700">{feature.title}</h3>
            <p className="mt-2 text-sm text-slate-600">{feature.text}</p>
          </Link>
        ))}
      </section>
    </div>
  );
}
