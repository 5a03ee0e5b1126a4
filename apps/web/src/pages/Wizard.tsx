import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { detailOf, statusOf } from '../api/client';
import { useGeneratePattern } from '../api/patterns';
import type { StitchPlan } from '../api/schemas';
import { useSession } from '../auth/use-session';
import { useObjectUrl } from '../lib/use-object-url';
import { GeneratingOverlay } from './wizard/GeneratingOverlay';
import { ImageStep } from './wizard/ImageStep';
import { ANONYMOUS_REVEAL_SECONDS, defaults, type Picture, STEPS, type WizardSettings } from './wizard/model';
import { ResultStep } from './wizard/ResultStep';
import { SettingsStep } from './wizard/SettingsStep';

/** The pattern wizard: holds the state and the API calls; each step is drawn by its own component in ./wizard. */
export function Wizard() {
  const session = useSession();
  const [step, setStep] = useState(0);
  const [picture, setPicture] = useState<Picture>();
  const [settings, setSettings] = useState(() => defaults(session.signedIn));
  const [nameTouched, setNameTouched] = useState(false);
  const [countdown, setCountdown] = useState<number>();
  const [plan, setPlan] = useState<StitchPlan>();
  const preview = useObjectUrl(picture?.kind === 'file' ? picture.file : undefined) ?? (picture?.kind === 'url' ? picture.url : undefined);

  // Sign-in finishing after the page opened changes the defaults, until the user has touched anything.
  useEffect(() => setSettings((current) => (current.projectName ? current : { ...defaults(session.signedIn) })), [session.signedIn]);

  const generation = useGeneratePattern({ signedIn: session.signedIn });
  const reveal = async (result: StitchPlan) => {
    if (!session.signedIn) {
      // Visitors wait a moment for their result, with the seconds shown.
      for (let left = ANONYMOUS_REVEAL_SECONDS; left > 0; left--) {
        setCountdown(left);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      setCountdown(undefined);
    }
    setPlan(result);
    setStep(2);
  };
  const generate = () => {
    if (!picture) return;
    generation.mutate(
      { source: picture, settings },
      {
        onSuccess: (result) => void reveal(result),
        onError: (error) => {
          const detail = statusOf(error) === 403 || statusOf(error) === 429 ? detailOf(error) : undefined;
          toast.error(detail ? `Failed to generate stitch plan. ${detail}` : 'Failed to generate stitch plan. Please try again.');
        },
      },
    );
  };

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
  const takeIdea = (file: File) => {
    setPicture({ kind: 'file', file });
    toast.success('Your idea is ready and selected.');
  };
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

      {step === 0 && <ImageStep picture={picture} preview={preview} onPicture={setPicture} onIdea={takeIdea} onContinue={toSettings} />}

      {step === 1 && (
        <SettingsStep
          picture={picture}
          settings={settings}
          update={update}
          signedIn={session.signedIn}
          nameTouched={nameTouched}
          onNameTouched={() => setNameTouched(true)}
          busy={busy}
          onGenerate={generate}
          onBack={() => setStep(0)}
        />
      )}

      {step === 2 && plan && <ResultStep plan={plan} signedIn={session.signedIn} onReset={reset} />}

      {busy && <GeneratingOverlay countdown={countdown} />}
    </div>
  );
}
