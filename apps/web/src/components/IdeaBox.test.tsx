// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen, type Answer } from '../test/harness';
import { DEFAULT_IDEA_PROMPT } from '../lib/idea-messages';
import { IdeaBox } from './IdeaBox';

const credits = (remaining: number): Answer => ({ status: 200, data: { remaining, limit: 10, resets_at: '2026-11-23T00:00:00.000Z' } });

describe('IdeaBox', () => {
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

  it('selects the new picture, updates the credits and resets the prompt', async () => {
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
    expect(screen.getByLabelText('Describe your idea')).toHaveValue(DEFAULT_IDEA_PROMPT);
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
