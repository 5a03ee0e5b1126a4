import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { detailOf, failureMessage, statusOf } from '../api/client';
import { fetchIdeaPicture, useCreateIdea, useCreativeCredits } from '../api/ideas';
import { useAppConfig } from '../auth/config-context';
import { useSession } from '../auth/use-session';
import { DEFAULT_IDEA_PROMPT } from '../lib/idea-messages';
import { addSessionIdea, readSessionIdeas, type SessionIdea } from '../lib/session-ideas';
import { TypedMessages } from './TypedMessages';
import { Icon } from './Icon';

const NO_CREDITS = 'You have no creative credits remaining today.';

/** Router state with which the idea box opens the wizard on a picture: the wizard reads it. */
export interface IdeaForWizard {
  ideaImageUrl: string;
}

/**
 * The AI idea box: a prompt becomes a picture. The prompt stays for another try, and the ideas of this
 * tab's session are listed; 'Use for a pattern' selects one in the wizard (`onIdea`, where the box is
 * part of it), or opens the wizard on it from anywhere else. `framed` draws its own box around it.
 */
export function IdeaBox({ onIdea, framed = true }: { onIdea?: (picture: File) => void; framed?: boolean }) {
  const session = useSession();
  const config = useAppConfig();
  const navigate = useNavigate();
  const [prompt, setPrompt] = useState(DEFAULT_IDEA_PROMPT);
  const [touched, setTouched] = useState(false);
  const [ideas, setIdeas] = useState(readSessionIdeas);
  const [opening, setOpening] = useState<string>();
  const credits = useCreativeCredits({ enabled: session.signedIn });
  const idea = useCreateIdea();
  const blank = !prompt.trim();
  const remaining = credits.data?.remaining;

  const generate = () => {
    if (!session.signedIn) return void session.signIn();
    setTouched(true);
    if (blank) return;
    const asked = prompt.trim();
    idea.mutate(asked, {
      onSuccess: (answer) => {
        setTouched(false);
        setIdeas(addSessionIdea({ prompt: asked, imageUrl: answer.image_url, createdAt: Date.now() }));
        onIdea?.(answer.picture);
      },
      onError: (error) => {
        toast.error(
          statusOf(error) === 403 ? (detailOf(error) ?? NO_CREDITS) : failureMessage(error, 'Failed to generate image from your idea. Please try again.'),
        );
      },
    });
  };

  const chooseForPattern = async (chosen: SessionIdea) => {
    if (!onIdea) return void navigate('/stitch/new', { state: { ideaImageUrl: chosen.imageUrl } satisfies IdeaForWizard });
    setOpening(chosen.imageUrl);
    try {
      onIdea(await fetchIdeaPicture(chosen.imageUrl));
    } catch {
      toast.error('The idea picture could not be loaded. Please try again.');
    } finally {
      setOpening(undefined);
    }
  };

  return (
    // Unframed where it sits inside another box (the wizard's 'Or start from an idea').
    <section className={framed ? 'rounded-xl border border-violet-200 bg-violet-50/60 p-4' : ''} aria-labelledby="idea-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="idea-title" className="flex items-center gap-1.5 font-semibold text-violet-800">
          <Icon name="sparkles" /> Generate an idea
        </h2>
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
      {session.signedIn && ideas.length > 0 && (
        <div className="mt-4">
          <h3 id="session-ideas-title" className="text-sm font-semibold text-violet-800">
            Your ideas this session
          </h3>
          <ul aria-labelledby="session-ideas-title" className="mt-2 max-h-96 space-y-2 overflow-y-auto">
            {ideas.map((kept, index) => (
              <li key={kept.imageUrl} className="flex items-center gap-3 rounded-lg border border-violet-100 bg-white p-2" data-testid="session-idea">
                <img src={kept.imageUrl} alt={`Idea: ${kept.prompt}`} className="h-16 w-16 flex-none rounded object-cover" />
                <p id={`session-idea-${index}`} className="line-clamp-3 min-w-0 flex-1 text-sm text-slate-700" title={kept.prompt}>
                  {kept.prompt}
                </p>
                <button
                  type="button"
                  className="btn-secondary flex-none text-sm"
                  aria-describedby={`session-idea-${index}`}
                  disabled={opening !== undefined}
                  onClick={() => void chooseForPattern(kept)}
                >
                  {opening === kept.imageUrl ? 'Opening…' : 'Use for a pattern'}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
