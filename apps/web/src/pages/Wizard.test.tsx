// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CREDITS } from '../test/fixtures';
import { renderScreen } from '../test/harness';
import { generateAs, photo, owning, PLAN, toSettings } from '../test/wizard';
import { Wizard } from './Wizard';

describe('Stitch Pattern Wizard', () => {
  it('will not continue without an image', async () => {
    const user = userEvent.setup();
    renderScreen(<Wizard />, { answers: {} });
    await user.click(screen.getByRole('button', { name: 'Continue to Settings' }));
    expect(await screen.findByText('Please upload an image or enter an image URL')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Upload Image');
  });

  it("opens each step at its top, not at the previous step's scroll position (issue #30)", async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    vi.stubGlobal('scrollY', 900); // scrolled down to each step's button
    const user = userEvent.setup();
    renderScreen(<Wizard />, {
      auth: { signedIn: true },
      answers: { ...CREDITS, 'POST /api/stitch/generate': { status: 200, data: { ...PLAN, project_id: 'p1' } } },
    });
    await user.upload(screen.getByTestId('file-input'), photo());
    await screen.findByRole('img', { name: 'The selected image' });
    expect(scrollTo).not.toHaveBeenCalled(); // choosing a picture stays on the step
    await user.click(screen.getByRole('button', { name: 'Continue to Settings' }));
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 0, left: 0, behavior: 'instant' });
    await generateAs(user, 'Roses');
    await screen.findByRole('link', { name: 'Download Pattern' });
    expect(scrollTo).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Adjust settings' }));
    expect(scrollTo).toHaveBeenCalledTimes(3);
  });

  it('locks colours, stitch size, large sizes and advanced options for visitors, with 10 colours', async () => {
    const user = userEvent.setup();
    renderScreen(<Wizard />);
    await toSettings(user);
    expect(screen.getByLabelText(/^Colors/)).toBeDisabled();
    expect(screen.getByLabelText(/^Colors/)).toHaveValue('10');
    expect(screen.getByLabelText(/^Stitch size/)).toBeDisabled();
    for (const size of ['150', '300', '500']) expect(screen.getByRole('radio', { name: size })).toBeDisabled();
    for (const size of ['30', '50', '100']) expect(screen.getByRole('radio', { name: size })).toBeEnabled();
    const autoLevels = screen.getByRole('checkbox', { name: /Auto levels/ });
    for (const box of screen.getAllByRole('checkbox')) if (box !== autoLevels) expect(box).toBeDisabled();
    // The photo's adjustments are a visitor's too.
    expect(autoLevels).toBeEnabled();
    for (const slider of within(screen.getByRole('group', { name: 'Adjust the photo' })).getAllByRole('slider')) expect(slider).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Use only threads I own' })).toHaveAccessibleDescription('Sign in to make patterns from the threads you own.');
  });

  it('offers 20 colours and every option to signed-in users', async () => {
    const user = userEvent.setup();
    renderScreen(<Wizard />, {
      auth: { signedIn: true },
      answers: { ...CREDITS, ...owning(['310', '321']) },
    });
    await toSettings(user);
    await screen.findByText(/Chooses among your 2 DMC threads only/);
    expect(screen.getByLabelText(/^Colors/)).toHaveValue('20');
    expect(screen.getByRole('radio', { name: '500' })).toBeEnabled();
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeEnabled();
  });

  it.each([false, true])(
    'needs a project name (signed in: %s): the message once touched, Generate disabled while empty and saying why beside it',
    async (signedIn) => {
      const user = userEvent.setup();
      renderScreen(<Wizard />, { auth: { signedIn }, answers: signedIn ? { ...CREDITS, ...owning([]) } : {} });
      await toSettings(user);
      const generate = screen.getByRole('button', { name: 'Generate Pattern' });
      const why = 'Type a project name to generate the pattern.';
      expect(generate).toBeDisabled();
      expect(generate).toHaveAccessibleDescription(why);
      expect(screen.getByText(why)).toBeVisible();
      expect(screen.queryByText('Please enter a project name before continuing.')).toBeNull();
      await user.click(screen.getByLabelText(/^Project name/));
      await user.tab();
      expect(screen.getByText('Please enter a project name before continuing.')).toBeInTheDocument();
      await user.type(screen.getByLabelText(/^Project name/), '   ');
      expect(generate).toBeDisabled();
      expect(generate).toHaveAccessibleDescription(why);
      await user.type(screen.getByLabelText(/^Project name/), 'Roses');
      expect(generate).toBeEnabled();
      expect(generate).not.toHaveAccessibleDescription();
      expect(screen.queryByText(why)).toBeNull();
      expect(screen.queryByText('Please enter a project name before continuing.')).toBeNull();
    },
  );

  it("'Regenerate with new settings' opens the settings with the project's picture and settings", async () => {
    const project = {
      id: 'p1',
      name: 'Roses',
      parameters: {
        colors: 14,
        cell_size: 10,
        max_side: 150,
        use_kmeans: true,
        remove_background: false,
        merge_dmc_colors: false,
        return_symbols_overlay: true,
        dithering: 'strong',
        blends: 'on',
        brightness: 12,
        contrast: -30,
        saturation: 45,
        gamma: 1.35,
        sharpen: 70,
        auto_levels: true,
      },
      outputs: { input_image_url: 'http://localhost/files/original.png', stitch_plan_url: null, pattern_url: null },
    };
    renderScreen(<Wizard />, {
      auth: { signedIn: true },
      route: '/?from=p1',
      answers: {
        ...CREDITS,
        'GET /api/stitch/projects/p1': { status: 200, data: project },
        'GET /files/original.png': { status: 200, data: photo() },
      },
    });
    expect(await screen.findByRole('radio', { name: '150' })).toBeChecked();
    expect(screen.getByLabelText(/^Project name/)).toHaveValue('Roses');
    expect(screen.getByLabelText(/^Colors/)).toHaveValue('14');
    expect(screen.getByRole('checkbox', { name: /k-means/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Strong' })).toBeChecked();
    expect(screen.getByRole('switch', { name: /^Blends/ })).toBeChecked();
    // The photo's adjustments it was made with.
    expect(screen.getByLabelText(/^Brightness/)).toHaveValue('12');
    expect(screen.getByLabelText(/^Contrast/)).toHaveValue('-30');
    expect(screen.getByLabelText(/^Saturation/)).toHaveValue('45');
    expect(screen.getByLabelText(/^Gamma/)).toHaveValue('1.35');
    expect(screen.getByLabelText(/^Sharpen/)).toHaveValue('70');
    expect(screen.getByRole('checkbox', { name: /Auto levels/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled();
    expect(await screen.findByRole('img', { name: 'The picture to stitch' })).toBeInTheDocument();
  });
});
