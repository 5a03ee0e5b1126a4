import { PreviewPanel } from '../../preview/PreviewPanel';
import { CropPicture } from './CropPicture';
import { PhotoAdjustments } from './PhotoAdjustments';
import { SettingsForm } from './SettingsForm';
import { ownedThreadsInUse, type OwnedThreads, type Picture, type UpdateSettings, type WizardSettings } from './model';

interface SettingsStepProps {
  /** The chosen picture, previewed as a chart beside the settings. */
  picture: Picture | undefined;
  settings: WizardSettings;
  update: UpdateSettings;
  signedIn: boolean;
  /** The user's own threads, for 'Use only threads I own' and the preview that follows it. */
  owned: OwnedThreads;
  /** Whether the user has been to the project name (or tried to generate): only then is its absence an error. */
  nameTouched: boolean;
  onNameTouched: () => void;
  /** A generation is running or its result is being counted down: Generate waits. */
  busy: boolean;
  onGenerate: () => void;
  onBack: () => void;
  /** A cropped picture replaces the chosen one (and 'Undo crop' brings it back). */
  onPicture: (picture: Picture) => void;
}

/** Step 2: the pattern settings with a live preview of the chart, and the project name, then Generate. */
export function SettingsStep({
  picture,
  settings,
  update,
  signedIn,
  owned,
  nameTouched,
  onNameTouched,
  busy,
  onGenerate,
  onBack,
  onPicture,
}: SettingsStepProps) {
  const nameMissing = !settings.projectName.trim();
  return (
    <form
      className="card space-y-6"
      aria-label="Configure Settings"
      onSubmit={(event) => {
        event.preventDefault();
        onNameTouched();
        if (!nameMissing) onGenerate();
      }}
    >
      {/* On a phone the preview comes right after the photo, so it is in sight with the sliders that change it; from
          lg it stands beside the settings. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        {picture && <CropPicture picture={picture} onPicture={onPicture} />}
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <PreviewPanel picture={picture} settings={settings} signedIn={signedIn} ownedThreads={ownedThreadsInUse(settings, owned)} />
        </div>
        <div className="space-y-6 lg:col-start-1">
          <PhotoAdjustments settings={settings} update={update} />
          <SettingsForm settings={settings} update={update} signedIn={signedIn} owned={owned} />
        </div>
      </div>
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
          onBlur={onNameTouched}
        />
        {nameTouched && nameMissing && (
          <p id="project-name-error" role="alert" className="mt-1 text-sm text-red-600">
            Please enter a project name before continuing.
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <button type="button" className="btn-secondary" onClick={onBack}>
          Back
        </button>
        <div className="flex flex-col items-end gap-1">
          <button type="submit" className="btn-primary" disabled={nameMissing || busy} aria-describedby={nameMissing ? 'generate-hint' : undefined}>
            Generate Pattern
          </button>
          {/* Why the button waits, where it waits: the name field may be a screen above on a phone. */}
          {nameMissing && (
            <p id="generate-hint" className="text-right text-sm text-slate-600">
              Type a project name to generate the pattern.
            </p>
          )}
        </div>
      </div>
    </form>
  );
}
