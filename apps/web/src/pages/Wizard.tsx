import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { api, detailOf, formOf, statusOf } from '../api/client';
import type { StitchPlan } from '../api/types';
import { useSession } from '../auth/use-session';
import { Downloads } from '../components/Downloads';
import { IdeaBox } from '../components/IdeaBox';
import { ImageUrlForm } from '../components/ImageUrlForm';
import { fileSizeMb, ImageDropzone } from '../components/ImageDropzone';
import { Legend } from '../components/Legend';
import { Spinner } from '../components/Spinner';
import { useObjectUrl } from '../lib/use-object-url';
import { Icon } from '../components/Icon';

export const PATTERN_SIZES = [30, 50, 100, 150, 300, 500];
const ANONYMOUS_SIZES = [30, 50, 100];
/** Visitors see their result this long after it arrives (spec §4). */
export const ANONYMOUS_REVEAL_SECONDS = 10;
const STEPS = ['Upload Image', 'Configure Settings', 'Generate Pattern'];

export interface WizardSettings {
  colors: number;
  cellSize: number;
  useKmeans: boolean;
  maxSide: number;
  showSymbols: boolean;
  removeBackground: boolean;
  mergeDmcColors: boolean;
  projectName: string;
}

const defaults = (signedIn: boolean): WizardSettings => ({
  colors: signedIn ? 20 : 10,
  cellSize: 12,
  useKmeans: false,
  maxSide: 100,
  showSymbols: false,
  removeBackground: false,
  mergeDmcColors: false,
  projectName: '',
});

type Picture = { kind: 'file'; file: File } | { kind: 'url'; url: string };

export function Wizard() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [picture, setPicture] = useState<Picture>();
  const [settings, setSettings] = useState(() => defaults(session.signedIn));
  const [nameTouched, setNameTouched] = useState(false);
  const [countdown, setCountdown] = useState<number>();
  const [plan, setPlan] = useState<StitchPlan>();
  const preview = useObjectUrl(picture?.kind === 'file' ? picture.file : undefined) ?? (picture?.kind === 'url' ? picture.url : undefined);

  // Sign-in finishing after the page opened changes the defaults, until the user has touched anything.
  useEffect(() => setSettings((current) => (current.projectName ? current : { ...defaults(session.signedIn) })), [session.signedIn]);

  const generation = useMutation({
    mutationFn: async () => {
      if (!picture) throw new Error('no picture');
      const image = picture.kind === 'file' ? { image_file: picture.file } : { image_url: picture.url };
      const form = formOf({
        ...image,
        colors: settings.colors,
        cell_size: settings.cellSize,
        max_side: settings.maxSide,
        use_kmeans: settings.useKmeans,
        return_symbols_overlay: settings.showSymbols,
        remove_background: settings.removeBackground,
        merge_dmc_colors: settings.mergeDmcColors,
        project_name: settings.projectName.trim(),
      });
      const path = session.signedIn ? '/api/stitch/generate' : '/api/stitch/generate/anonymous';
      return (await api.postForm<StitchPlan>(path, form, { timeout: 180_000 })).data;
    },
    onSuccess: async (result) => {
      if (session.signedIn) {
        void queryClient.invalidateQueries({ queryKey: ['projects'] });
      } else {
        // Visitors wait a moment for their result, with the seconds shown.
        for (let left = ANONYMOUS_REVEAL_SECONDS; left > 0; left--) {
          setCountdown(left);
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
        setCountdown(undefined);
      }
      setPlan(result);
      setStep(2);
    },
    onError: (error) => {
      const detail = statusOf(error) === 403 ? detailOf(error) : undefined;
      toast.error(detail ? `Failed to generate stitch plan. ${detail}` : 'Failed to generate stitch plan. Please try again.');
    },
  });

  const update = (changes: Partial<WizardSettings>) => setSettings((current) => ({ ...current, ...changes }));
  const reset = () => {
    setStep(0);
    setPicture(undefined);
    setSettings(defaults(session.signedIn));
    setNameTouched(false);
    setPlan(undefined);
    generation.reset();
  };
  const toSettings = () => {
    if (!picture) {
      toast.warn('Please upload an image or enter an image URL');
      return;
    }
    setStep(1);
  };
  const useIdea = async (imageUrl: string) => {
    // The idea is on this server: take it as a file, as if uploaded.
    const blob = await (await fetch(imageUrl)).blob();
    setPicture({ kind: 'file', file: new File([blob], 'idea.png', { type: blob.type || 'image/png' }) });
    toast.success('Your idea is ready and selected.');
  };
  const nameMissing = !settings.projectName.trim();
  const busy = generation.isPending || countdown !== undefined;

  return (
    <div className="space-y-6">
      <header>
        <h2 className="text-2xl font-bold">Stitch Pattern Wizard</h2>
        <ol className="mt-4 flex flex-wrap gap-2" aria-label="Steps">
          {STEPS.map((label, index) => (
            <li
              key={label}
              aria-current={index === step ? 'step' : undefined}
              className={`flex items-center gap-2 rounded-full px-3 py-1 text-sm ${index === step ? 'bg-violet-600 text-white' : index < step ? 'bg-violet-100 text-violet-800' : 'bg-slate-100 text-slate-500'}`}
            >
              <span className="font-semibold">{index + 1}</span> {label}
            </li>
          ))}
        </ol>
      </header>

      {step === 0 && (
        <section className="card space-y-5" aria-label="Upload Image">
          <div className="grid gap-6 md:grid-cols-2">
            <div className="space-y-4">
              <ImageDropzone label="Upload an image" onFile={(file) => setPicture({ kind: 'file', file })} />
              <ImageUrlForm placeholder="https://example.com/cat.jpg" onLoad={(url) => setPicture({ kind: 'url', url })} />
              <IdeaBox onIdea={useIdea} />
            </div>
            <div>
              <p className="mb-2 text-sm font-medium">Preview</p>
              {preview ? (
                <figure>
                  <img src={preview} alt="The selected image" className="max-h-96 w-full rounded-lg border border-slate-200 object-contain" />
                  {picture?.kind === 'file' && (
                    <figcaption className="mt-1 text-xs text-slate-500">
                      {picture.file.name} ({fileSizeMb(picture.file)})
                    </figcaption>
                  )}
                </figure>
              ) : (
                <div className="flex h-64 items-center justify-center rounded-lg border border-dashed border-slate-300 text-sm text-slate-400">No image selected yet</div>
              )}
            </div>
          </div>
          <div className="flex justify-end">
            <button type="button" className="btn-primary" onClick={toSettings}>
              Continue to Settings
            </button>
          </div>
        </section>
      )}

      {step === 1 && (
        <form
          className="card space-y-6"
          aria-label="Configure Settings"
          onSubmit={(event) => {
            event.preventDefault();
            setNameTouched(true);
            if (!nameMissing) generation.mutate();
          }}
        >
          <SettingsForm settings={settings} update={update} signedIn={session.signedIn} />
          <div>
            <label htmlFor="project-name" className="block text-sm font-medium">
              Project name <span className="text-red-600">*</span>
            </label>
            <input
              id="project-name"
              className="input mt-1 w-full max-w-md"
              value={settings.projectName}
              maxLength={100}
              required
              aria-invalid={nameTouched && nameMissing}
              aria-describedby={nameTouched && nameMissing ? 'project-name-error' : undefined}
              onChange={(event) => update({ projectName: event.target.value })}
              onBlur={() => setNameTouched(true)}
            />
            {nameTouched && nameMissing && (
              <p id="project-name-error" role="alert" className="mt-1 text-sm text-red-600">
                Please enter a project name before continuing.
              </p>
            )}
          </div>
          <div className="flex justify-between">
            <button type="button" className="btn-secondary" onClick={() => setStep(0)}>
              Back
            </button>
            <button type="submit" className="btn-primary" disabled={nameMissing || busy}>
              Generate Pattern
            </button>
          </div>
        </form>
      )}

      {step === 2 && plan && <Result plan={plan} signedIn={session.signedIn} onReset={reset} />}

      {busy && (
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4" role="dialog" aria-modal="true" aria-label="Generating your pattern">
          <div className="max-w-sm rounded-2xl bg-white p-8 text-center shadow-xl">
            {countdown === undefined ? (
              <>
                <Spinner label="Generating" />
                <p className="mt-3 font-semibold">Generating your pattern…</p>
                <p className="mt-1 text-sm text-slate-500">Matching every stitch to a DMC thread.</p>
              </>
            ) : (
              <>
                <p className="text-4xl font-bold text-violet-700" data-testid="countdown">
                  {countdown}
                </p>
                <p className="mt-2 font-semibold">Your pattern is ready in {countdown} s</p>
                <p className="mt-1 text-sm text-slate-500">Sign in to see results at once and save them as projects.</p>
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function SettingsForm({ settings, update, signedIn }: { settings: WizardSettings; update: (changes: Partial<WizardSettings>) => void; signedIn: boolean }) {
  const locked = !signedIn;
  const lockNote = locked ? (
    <span className="ml-1 inline-flex items-center gap-1 text-xs text-slate-500">
      <Icon name="lock" className="h-3.5 w-3.5" /> Sign in to change
    </span>
  ) : null;
  const options: { key: 'useKmeans' | 'showSymbols' | 'removeBackground' | 'mergeDmcColors'; label: string; help: string }[] = [
    { key: 'useKmeans', label: 'Use k-means colour reduction', help: 'Slower, finds the palette more carefully.' },
    { key: 'showSymbols', label: 'Show symbols on the chart', help: 'A symbol in every stitch, for printing.' },
    { key: 'removeBackground', label: 'Remove background', help: 'Leaves the background unstitched.' },
    { key: 'mergeDmcColors', label: 'Merge similar DMC colors', help: 'Joins threads that look nearly the same.' },
  ];
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div>
        <label htmlFor="colors" className="flex justify-between text-sm font-medium">
          <span>
            Colors {lockNote}
          </span>
          <span>{settings.colors}</span>
        </label>
        <input id="colors" type="range" min={2} max={50} value={settings.colors} disabled={locked} onChange={(event) => update({ colors: Number(event.target.value) })} className="mt-2 w-full accent-violet-600" />
      </div>
      <div>
        <label htmlFor="cell-size" className="flex justify-between text-sm font-medium">
          <span>
            Stitch size (px) {lockNote}
          </span>
          <span>{settings.cellSize}</span>
        </label>
        <input id="cell-size" type="range" min={6} max={24} value={settings.cellSize} disabled={locked} onChange={(event) => update({ cellSize: Number(event.target.value) })} className="mt-2 w-full accent-violet-600" />
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Pattern size (stitches on the long side)</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {PATTERN_SIZES.map((size) => {
            const disabled = locked && !ANONYMOUS_SIZES.includes(size);
            return (
              <label key={size} className={`flex items-center gap-1 rounded-lg border px-3 py-1.5 text-sm ${settings.maxSide === size ? 'border-violet-500 bg-violet-50' : 'border-slate-200'} ${disabled ? 'opacity-50' : ''}`}>
                <input type="radio" name="max-side" value={size} checked={settings.maxSide === size} disabled={disabled} onChange={() => update({ maxSide: size })} className="accent-violet-600" />
                {size}
                {disabled && (
                  <span title="Sign in for larger patterns">
                    <Icon name="lock" className="h-3.5 w-3.5" />
                  </span>
                )}
              </label>
            );
          })}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium">Advanced options {lockNote}</legend>
        <div className="mt-2 space-y-2">
          {options.map((option) => (
            <label key={option.key} className={`flex items-start gap-2 text-sm ${locked ? 'opacity-60' : ''}`}>
              <input type="checkbox" checked={settings[option.key]} disabled={locked} onChange={(event) => update({ [option.key]: event.target.checked })} className="mt-0.5 h-4 w-4 accent-violet-600" />
              <span>
                {option.label}
                <span className="block text-xs text-slate-500">{option.help}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

function Result({ plan, signedIn, onReset }: { plan: StitchPlan; signedIn: boolean; onReset: () => void }) {
  const { metadata } = plan;
  return (
    <section className="space-y-6" aria-label="Generate Pattern">
      <div className="card">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 className="text-lg font-semibold">Your stitch pattern</h3>
          <div className="flex flex-wrap gap-2">
            <a className="btn-primary" href={plan.stitch_plan_url} target="_blank" rel="noreferrer">
              Download Pattern
            </a>
            <button type="button" className="btn-secondary" onClick={onReset}>
              Create New Pattern
            </button>
          </div>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Stat label="Total stitches" value={metadata.total_stitches.toLocaleString('en')} />
          <Stat label="Colors used" value={String(metadata.colors_used)} />
          <Stat label="Canvas size" value={`${metadata.canvas_size.width} × ${metadata.canvas_size.height} px`} />
          <Stat label="Processing time" value={`${(plan.processing_time_ms / 1000).toFixed(1)} s`} />
        </dl>
        {signedIn && plan.project_id && (
          <p className="mt-3 text-sm">
            Saved to your projects.{' '}
            <Link className="text-violet-700 underline" to={`/stitch/projects/${plan.project_id}`}>
              Open the project
            </Link>
          </p>
        )}
        <img src={plan.stitch_plan_url} alt="The stitch chart" className="mt-4 max-h-[40rem] w-full rounded border border-slate-200 object-contain" />
      </div>
      <Downloads
        exportPath={plan.project_id ? `/api/stitch/projects/${plan.project_id}/export` : `/api/stitch/patterns/${plan.pattern_url.split('/').pop() ?? ''}/export`}
        width={plan.metadata.grid_size?.width ?? 0}
        height={plan.metadata.grid_size?.height ?? 0}
        legend={plan.legend_data}
      />
      <Legend entries={plan.legend_data} />
    </section>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}
