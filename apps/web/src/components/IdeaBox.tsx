import { useState } from 'react';
import { toast } from 'react-toastify';
import { detailOf, failureMessage, statusOf } from '../api/client';
import { useCreateIdea, useCreativeCredits } from '../api/ideas';
import { useAppConfig } from '../auth/config-context';
import { useSession } from '../auth/use-session';
import { DEFAULT_IDEA_PROMPT } from '../lib/idea-messages';
import { TypedMessages } from './TypedMessages';
import { Icon } from './Icon';

const NO_CREDITS = 'You have no creative credits remaining today.';

/** The AI idea box of the wizard's first step: a prompt becomes the selected picture. */
export function IdeaBox({ onIdea }: { onIdea: (picture: File) => void }) {
  const session = useSession();
  const config = useAppConfig();
  const [prompt, setPrompt] = useState(DEFAULT_IDEA_PROMPT);
  const [touched, setTouched] = useState(false);
  const credits = useCreativeCredits({ enabled: session.signedIn });
  const idea = useCreateIdea();
  const blank = !prompt.trim();
  const remaining = credits.data?.remaining;

  const generate = () => {
    if (!session.signedIn) return void session.signIn();
    setTouched(true);
    if (blank) return;
    idea.mutate(prompt.trim(), {
      onSuccess: (answer) => {
        setPrompt(DEFAULT_IDEA_PROMPT);
        setTouched(false);
        onIdea(answer.picture);
      },
      onError: (error) => {
        toast.error(
          statusOf(error) === 403 ? (detailOf(error) ?? NO_CREDITS) : failureMessage(error, 'Failed to generate image from your idea. Please try again.'),
        );
      },
    });
  };

  return (
    <section className="rounded-xl border border-violet-200 bg-violet-50/60 p-4" aria-labelledby="idea-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="idea-title" className="flex items-center gap-1.5 font-semibold text-violet-800">
          <Icon name="sparkles" /> Generate an idea
        </h3>
        <p className="text-xs text-slate-600">
          Up to 10 AI ideas per day
          {config.ideas.source === 'offline_sketch' && ' · drawn as offline sketches'}
        </p>
      </div>
      {!session.signedIn && <p className="mt-2 text-sm text-slate-600">Sign in to turn a few words into a picture for your next pattern.</p>}
      <label htmlFor="idea-prompt" className="mt-3 block text-sm font-medium">
        Describe your idea
      </label>
      <textarea
        id="idea-prompt"
        rows={3}
        className="input mt-1 w-full"
        value={prompt}
        maxLength={1000}
        disabled={!session.signedIn || idea.isPending}
        aria-invalid={touched && blank}
        aria-describedby={touched && blank ? 'idea-error' : undefined}
        onChange={(event) => {
          setPrompt(event.target.value);
          setTouched(true);
        }}
      />
      {touched && blank && (
        <p id="idea-error" role="alert" className="mt-1 text-sm text-red-600">
          Please describe the idea you want to generate.
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" className="btn-primary" onClick={generate} disabled={idea.isPending || (session.signedIn && remaining === 0)}>
          {session.signedIn ? 'Generate' : 'Sign in to generate'}
        </button>
        {session.signedIn && remaining !== undefined && (
          <p className="text-sm text-slate-600" data-testid="credits-text">
            {remaining === 0 ? 'Come back tomorrow for more creative credits.' : `${remaining} idea${remaining === 1 ? '' : 's'} remaining today`}
          </p>
        )}
      </div>
      {idea.isPending && (
        <div className="mt-3">
          <TypedMessages />
        </div>
      )}
    </section>
  );
}
