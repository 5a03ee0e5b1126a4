import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { detailOf, statusOf } from '../api/client';
import type { GenerationProgress } from '../api/generation';
import { useOwnedThreads } from '../api/owned-threads';
import { useGeneratePattern } from '../api/patterns';
import type { StitchPlan } from '../api/schemas';
import { useSession } from '../auth/use-session';
import { useDocumentTitle } from '../lib/use-document-title';
import { useObjectUrl } from '../lib/use-object-url';
import { useScrollToTop } from '../lib/use-scroll-to-top';
import { GeneratingOverlay } from './wizard/GeneratingOverlay';
import { ImageStep } from './wizard/ImageStep';
import { keepResult, keptResult, patternIdOf, type KeptResult } from './wizard/kept-results';
import { ANONYMOUS_REVEAL_SECONDS, defaults, ownedCodesOf, ownedThreadsInUse, ownedThreadsOf, type Picture, STEPS, type WizardSettings } from './wizard/model';
import { ResultStep } from './wizard/ResultStep';
import { SettingsStep } from './wizard/SettingsStep';
import { keepClaim } from './wizard/claim-storage';
import { useStartingPicture } from './wizard/starting-picture';
import { NeedsConnection } from '../offline/ConnectionStatus';

/**
 * The pattern wizard: holds the state and the API calls; each step is drawn by its own component in ./wizard.
 * The step is in the address (?step=settings, ?step=result&pattern=…), so Back moves between steps and a
 * reload of the result shows it again; the picture and settings live here while the page is open.
 */
export function Wizard() {
  const session = useSession();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [picture, setPicture] = useState<Picture>();
  const [settings, setSettings] = useState(() => defaults(session.signedIn));
  const [nameTouched, setNameTouched] = useState(false);
  const [countdown, setCountdown] = useState<number>();
  const [progress, setProgress] = useState<GenerationProgress>();
  const cancelling = useRef<AbortController>(undefined);
  const preview = useObjectUrl(picture?.kind === 'file' ? picture.file : undefined) ?? (picture?.kind === 'url' ? picture.url : undefined);

  // The result just made is held here too: the session storage that keeps it for a reload may be refused.
  const [latest, setLatest] = useState<KeptResult>();
  const patternId = params.get('pattern') ?? undefined;
  const shown = useMemo(
    () => (patternId && latest && patternIdOf(latest.plan) === patternId ? latest : patternId ? keptResult(patternId) : undefined),
    [patternId, latest],
  );
  const plan = shown?.plan;
  // Leaving the wizard stops its generation (on the server too) and any countdown.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      cancelling.current?.abort();
    };
  }, []);
  const requested = params.get('step');
  const step = requested === 'result' && plan ? 2 : requested === 'settings' && picture ? 1 : 0;
  useDocumentTitle('Stitch Pattern Wizard');
  // Each step opens at its top, not at the previous step's scroll position (the address names the step).
  useScrollToTop(location.search);

  // A step that cannot be shown (a reload lost the picture, a result this tab never had) falls back to the first.
  useEffect(() => {
    if (requested && step === 0) setParams({}, { replace: true });
  }, [requested, step, setParams]);

  // Sign-in finishing after the page opened changes the defaults, until the user has touched anything.
  useEffect(() => setSettings((current) => (current.projectName ? current : { ...defaults(session.signedIn) })), [session.signedIn]);

  const choose = (chosen: Picture, message?: string) => {
    setPicture(chosen);
    if (message) toast.success(message);
  };
  useStartingPicture(location, (chosen, startSettings) => {
    choose(chosen, 'Your picture is ready and selected.');
    if (startSettings) {
      setSettings((current) => ({ ...current, ...startSettings }));
      setParams({ step: 'settings' }, { replace: true });
    }
  });

  const goTo = (next: number, result?: StitchPlan) => {
    if (next === 0) setParams({});
    else if (next === 1) setParams({ step: 'settings' });
    else if (result) setParams({ step: 'result', pattern: patternIdOf(result) });
  };

  const owned = ownedThreadsOf(session.signedIn, useOwnedThreads({ enabled: session.signedIn }));
  const generation = useGeneratePattern({ signedIn: session.signedIn });
  const reveal = async (result: StitchPlan) => {
    const made = { plan: result, name: settings.projectName.trim() };
    keepResult(made);
    setLatest(made);
    if (!session.signedIn) {
      keepClaim(result, settings.projectName);
      // Visitors wait a moment for their result, with the seconds shown.
      for (let left = ANONYMOUS_REVEAL_SECONDS; left > 0; left--) {
        setCountdown(left);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        if (!mounted.current) return;
      }
      setCountdown(undefined);
    }
    if (mounted.current) goTo(2, result);
  };
  const generate = () => {
    if (!picture) return;
    const controller = new AbortController();
    cancelling.current = controller;
    setProgress(undefined);
    // Only owned threads when the option can be on: they were read, and there are enough of them. Threads left
    // out are owned threads of the chart's brand (a project regenerated in another brand may carry others).
    const ownedCodes = ownedCodesOf(owned, settings.brand);
    const leftOutThreads = owned.status === 'ready' ? settings.leftOutThreads.filter((code) => ownedCodes.includes(code)) : settings.leftOutThreads;
    const sent = { ...settings, onlyOwnedThreads: ownedThreadsInUse(settings, owned) !== undefined, leftOutThreads };
    generation.mutate(
      { source: picture, settings: sent, onProgress: setProgress, signal: controller.signal },
      {
        onSuccess: (result) => void reveal(result),
        onError: (error) => {
          if (controller.signal.aborted) {
            toast.info('Generation cancelled.');
            return;
          }
          // The server's sentence where the user can act on it (sign in, own more threads, wait).
          const detail = [400, 403, 429].includes(statusOf(error) ?? 0) ? detailOf(error) : undefined;
          toast.error(detail ? `Failed to generate stitch plan. ${detail}` : 'Failed to generate stitch plan. Please try again.');
        },
      },
    );
  };

  const update = (changes: Partial<WizardSettings>) => setSettings((current) => ({ ...current, ...changes }));
  const reset = () => {
    setPicture(undefined);
    setSettings(defaults(session.signedIn));
    setNameTouched(false);
    generation.reset();
    goTo(0);
  };
  const toSettings = () => {
    if (!picture) {
      toast.warn('Please upload an image or enter an image URL');
      return;
    }
    goTo(1);
  };
  const busy = generation.isPending || countdown !== undefined;

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold">Stitch Pattern Wizard</h1>
        <NeedsConnection task="Making a chart" />
        <ol className="mt-4 flex flex-wrap gap-2" aria-label="Steps">
          {STEPS.map((label, index) => {
            const look = `flex min-h-8 items-center gap-2 rounded-full px-3 py-1 text-sm ${index === step ? 'bg-violet-600 text-white' : index < step ? 'bg-violet-100 text-violet-800 hover:bg-violet-200' : 'bg-slate-100 text-slate-700'}`;
            const content = (
              <>
                <span className="font-semibold">{index + 1}</span> {label}
              </>
            );
            return (
              <li key={label} aria-current={index === step ? 'step' : undefined}>
                {index < step ? (
                  <button type="button" className={look} onClick={() => goTo(index)}>
                    {content}
                  </button>
                ) : (
                  <span className={look}>{content}</span>
                )}
              </li>
            );
          })}
        </ol>
      </header>

      {step === 0 && (
        <ImageStep
          picture={picture}
          preview={preview}
          onPicture={setPicture}
          onIdea={(file) => choose({ kind: 'file', file }, 'Your idea is ready and selected.')}
          onContinue={toSettings}
        />
      )}

      {step === 1 && (
        <SettingsStep
          picture={picture}
          settings={settings}
          update={update}
          signedIn={session.signedIn}
          owned={owned}
          nameTouched={nameTouched}
          onNameTouched={() => setNameTouched(true)}
          busy={busy}
          onGenerate={generate}
          onBack={() => goTo(0)}
          onPicture={setPicture}
        />
      )}

      {step === 2 && shown && (
        <ResultStep plan={shown.plan} name={shown.name} signedIn={session.signedIn} onReset={reset} onAdjust={picture ? () => goTo(1) : undefined} />
      )}

      {busy && (
        <GeneratingOverlay
          countdown={countdown}
          progress={progress}
          removingBackground={settings.removeBackground}
          onCancel={() => cancelling.current?.abort()}
        />
      )}
    </div>
  );
}
