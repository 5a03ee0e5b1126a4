// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen, type Answer } from '../test/harness';
import { SESSION_IDEAS_LIMIT } from '../lib/session-ideas';
import { IdeaBox } from './IdeaBox';

const credits = (remaining: number): Answer => ({ status: 200, data: { remaining, limit: 10, resets_at: '2026-11-23T00:00:00.000Z' } });

/** Each idea the server makes is a new stored picture: idea-1.png, idea-2.png, … */
function ideaServer(remaining = 10): Record<string, Answer> {
  let made = 0;
  const answers: Record<string, Answer> = {
    'GET /api/stitch/creative-credits': credits(remaining),
    'POST /api/stitch/creative-ideas': () => {
      made += 1;
      answers[`GET /files/idea-${made}.png`] = { status: 200, data: new Blob([`picture ${made}`], { type: 'image/png' }) };
      return { status: 200, data: { image_url: `http://localhost/files/idea-${made}.png`, credits: remaining - made, source: 'offline_sketch' } };
    },
  };
  return answers;
}

async function generateIdea(user: ReturnType<typeof userEvent.setup>, prompt: string): Promise<void> {
  await user.clear(screen.getByLabelText('Describe your idea'));
  await user.paste(prompt);
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  await screen.findByRole('img', { name: `Idea: ${prompt}` });
}

const listedIdeas = () => screen.queryAllByTestId('session-idea').map((item) => within(item).getByRole('img').getAttribute('alt'));

describe('IdeaBox', () => {
  beforeEach(() => sessionStorage.clear());

  it('asks visitors to sign in, and Generate starts the login redirect', async () => {
    const user = userEvent.setup();
    const harness = renderScreen(<IdeaBox onIdea={() => undefined} />);
    expect(screen.getByText(/Sign in to turn a few words/)).toBeInTheDocument();
    expect(screen.getByLabelText('Describe your idea')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Sign in to generate' }));
    expect(harness.signIn.calls).toBe(1);
    expect(harness.requests).toEqual([]);
  });

  it('shows the daily allowance and what is left, and says come back tomorrow at 0', async () => {
    renderScreen(<IdeaBox onIdea={() => undefined} />, { auth: { signedIn: true }, answers: { 'GET /api/stitch/creative-credits': credits(1) } });
    expect(screen.getByText(/Up to 10 AI ideas per day/)).toBeInTheDocument();
    expect(await screen.findByTestId('credits-text')).toHaveTextContent('1 idea remaining today');
  });

  it('at 0 credits says to come back tomorrow and disables Generate', async () => {
    renderScreen(<IdeaBox onIdea={() => undefined} />, { auth: { signedIn: true }, answers: { 'GET /api/stitch/creative-credits': credits(0) } });
    expect(await screen.findByText('Come back tomorrow for more creative credits.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
  });

  it('refuses a blank idea with the spec sentence', async () => {
    const user = userEvent.setup();
    const harness = renderScreen(<IdeaBox onIdea={() => undefined} />, {
      auth: { signedIn: true },
      answers: { 'GET /api/stitch/creative-credits': credits(5) },
    });
    await user.clear(screen.getByLabelText('Describe your idea'));
    expect(screen.getByText('Please describe the idea you want to generate.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(harness.requests).not.toContain('POST /api/stitch/creative-ideas');
  });

  it('selects the new picture, updates the credits and keeps the prompt for another try', async () => {
    const user = userEvent.setup();
    const ideas: File[] = [];
    renderScreen(<IdeaBox onIdea={(picture) => ideas.push(picture)} />, {
      auth: { signedIn: true },
      answers: {
        'GET /api/stitch/creative-credits': credits(5),
        'POST /api/stitch/creative-ideas': { status: 200, data: { image_url: 'http://localhost/files/idea.png', credits: 4, source: 'offline_sketch' } },
        'GET /files/idea.png': { status: 200, data: new Blob(['png'], { type: 'image/png' }) },
      },
    });
    await user.clear(screen.getByLabelText('Describe your idea'));
    await user.type(screen.getByLabelText('Describe your idea'), 'a fox in the snow');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('4 ideas remaining today')).toBeInTheDocument();
    expect(ideas.map((picture) => [picture.name, picture.type])).toEqual([['idea.png', 'image/png']]);
    expect(screen.getByLabelText('Describe your idea')).toHaveValue('a fox in the snow');
  });

  it("lists this session's ideas newest first, with prompt and thumbnail, and keeps them across a reload", async () => {
    const user = userEvent.setup();
    const first = renderScreen(<IdeaBox onIdea={() => undefined} />, { auth: { signedIn: true }, answers: ideaServer() });
    expect(screen.queryByText('Your ideas this session')).toBeNull();
    await generateIdea(user, 'a fox in the snow');
    await generateIdea(user, 'tulips by a windmill');
    expect(screen.getByRole('list', { name: 'Your ideas this session' })).toBeInTheDocument();
    expect(listedIdeas()).toEqual(['Idea: tulips by a windmill', 'Idea: a fox in the snow']);
    expect(screen.getByRole('img', { name: 'Idea: a fox in the snow' })).toHaveAttribute('src', 'http://localhost/files/idea-1.png');
    expect(within(screen.getAllByTestId('session-idea')[0]!).getByText('tulips by a windmill')).toBeInTheDocument();

    first.unmount();
    renderScreen(<IdeaBox onIdea={() => undefined} />, { auth: { signedIn: true }, answers: ideaServer() });
    expect(listedIdeas()).toEqual(['Idea: tulips by a windmill', 'Idea: a fox in the snow']);
  });

  it(`keeps at most ${SESSION_IDEAS_LIMIT} ideas, dropping the oldest`, async () => {
    const user = userEvent.setup();
    renderScreen(<IdeaBox onIdea={() => undefined} />, { auth: { signedIn: true }, answers: ideaServer(20) });
    for (let made = 1; made <= SESSION_IDEAS_LIMIT + 1; made++) await generateIdea(user, `idea number ${made}`);
    expect(listedIdeas()).toHaveLength(SESSION_IDEAS_LIMIT);
    expect(listedIdeas()[0]).toBe(`Idea: idea number ${SESSION_IDEAS_LIMIT + 1}`);
    expect(listedIdeas()).not.toContain('Idea: idea number 1');
  });

  it("inside the wizard, 'Use for a pattern' selects that idea's picture", async () => {
    const user = userEvent.setup();
    const chosen: File[] = [];
    const harness = renderScreen(<IdeaBox onIdea={(picture) => chosen.push(picture)} />, { auth: { signedIn: true }, answers: ideaServer() });
    await generateIdea(user, 'a fox in the snow');
    await generateIdea(user, 'tulips by a windmill');
    chosen.length = 0; // each generation selects its own picture, as before
    harness.requests.length = 0;
    const fox = screen.getAllByTestId('session-idea')[1]!;
    await user.click(within(fox).getByRole('button', { name: 'Use for a pattern' }));
    await waitFor(() => expect(chosen).toHaveLength(1));
    // jsdom's File cannot hold fetch's Blob, so which picture it is shows in what was fetched.
    expect(harness.requests).toEqual(['GET /files/idea-1.png']);
    expect([chosen[0]!.name, chosen[0]!.type]).toEqual(['idea.png', 'image/png']);
  });

  it("elsewhere, 'Use for a pattern' opens the wizard with the idea's picture", async () => {
    const user = userEvent.setup();
    function WizardProbe() {
      const location = useLocation();
      return <p data-testid="wizard-state">{JSON.stringify(location.state)}</p>;
    }
    renderScreen(
      <Routes>
        <Route path="/" element={<IdeaBox />} />
        <Route path="/stitch/new" element={<WizardProbe />} />
      </Routes>,
      { path: '/*', auth: { signedIn: true }, answers: ideaServer() },
    );
    await generateIdea(user, 'a fox in the snow');
    expect(screen.getByLabelText('Describe your idea')).toHaveValue('a fox in the snow');
    await user.click(screen.getByRole('button', { name: 'Use for a pattern' }));
    expect(JSON.parse((await screen.findByTestId('wizard-state')).textContent)).toEqual({ ideaImageUrl: 'http://localhost/files/idea-1.png' });
  });

  it('says so when an idea picture cannot be loaded any more', async () => {
    const user = userEvent.setup();
    const answers = ideaServer();
    renderScreen(<IdeaBox onIdea={() => undefined} />, { auth: { signedIn: true }, answers });
    await generateIdea(user, 'a fox in the snow');
    answers['GET /files/idea-1.png'] = { status: 404, data: { status: 404, detail: 'gone' } };
    await user.click(screen.getByRole('button', { name: 'Use for a pattern' }));
    expect(await screen.findByText('The idea picture could not be loaded. Please try again.')).toBeInTheDocument();
  });

  it("shows the server's 403 detail, and the generic sentence for other failures", async () => {
    const user = userEvent.setup();
    let answer: Answer = { status: 403, data: { status: 403, detail: 'You have no creative credits remaining today.' } };
    renderScreen(<IdeaBox onIdea={() => undefined} />, {
      auth: { signedIn: true },
      answers: {
        'GET /api/stitch/creative-credits': credits(3),
        'POST /api/stitch/creative-ideas': (request) => (typeof answer === 'function' ? answer(request) : answer),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('You have no creative credits remaining today.')).toBeInTheDocument();
    answer = { status: 502, data: { status: 502, detail: 'upstream' } };
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Failed to generate image from your idea. Please try again.')).toBeInTheDocument();
  });
});
