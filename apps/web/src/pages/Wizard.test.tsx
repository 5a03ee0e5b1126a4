// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StitchPlan } from '../api/schemas';
import { renderScreen } from '../test/harness';
import { Wizard } from './Wizard';

const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'garden.png', { type: 'image/png' });

const plan: StitchPlan = {
  processing_time_ms: 420,
  stitch_plan_url: 'http://localhost/files/chart.png',
  pattern_url: 'http://localhost/files/pattern.json',
  metadata: {
    total_stitches: 6000,
    canvas_size: { width: 1212, height: 960 },
    colors_used: 60,
    grid_size: { width: 100, height: 60 },
    confetti_before: 0.1,
    confetti_after: 0.02,
    mean_delta_e: 3.1,
  },
  legend_data: Array.from({ length: 60 }, (_, index) => ({
    index,
    hex: '#aabbcc',
    symbol: '■',
    dmc_code: String(100 + index),
    dmc_name: `Thread ${index}`,
    stitch_count: 100,
    rgb: { r: 170, g: 187, b: 204 },
  })),
};

const credits = { 'GET /api/stitch/creative-credits': { status: 200, data: { remaining: 10, limit: 10, resets_at: '' } } };
/** The owned-threads answer for these codes; the first has no skeins left. */
const stash = (codes: string[]) => codes.map((dmc_code, index) => ({ dmc_code, skeins: index === 0 ? 0 : 2 }));

async function toSettings(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.upload(screen.getByTestId('file-input'), photo());
  await screen.findByRole('img', { name: 'The selected image' }); // the upload box prepares the photo first
  await user.click(screen.getByRole('button', { name: 'Continue to Settings' }));
}

describe('Stitch Pattern Wizard', () => {
  it('will not continue without an image', async () => {
    const user = userEvent.setup();
    renderScreen(<Wizard />, { answers: {} });
    await user.click(screen.getByRole('button', { name: 'Continue to Settings' }));
    expect(await screen.findByText('Please upload an image or enter an image URL')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Upload Image');
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
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Use only threads I own' })).toHaveAccessibleDescription('Sign in to make patterns from the threads you own.');
  });

  it('offers 20 colours and every option to signed-in users', async () => {
    const user = userEvent.setup();
    renderScreen(<Wizard />, {
      auth: { signedIn: true },
      answers: { ...credits, 'GET /api/threads/owned': { status: 200, data: stash(['310', '321']) } },
    });
    await toSettings(user);
    await screen.findByText(/Chooses among your 2 threads only/);
    expect(screen.getByLabelText(/^Colors/)).toHaveValue('20');
    expect(screen.getByRole('radio', { name: '500' })).toBeEnabled();
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeEnabled();
  });

  it('needs a project name: the message once touched, Generate disabled while empty', async () => {
    const user = userEvent.setup();
    renderScreen(<Wizard />);
    await toSettings(user);
    const generate = screen.getByRole('button', { name: 'Generate Pattern' });
    expect(generate).toBeDisabled();
    expect(screen.queryByText('Please enter a project name before continuing.')).toBeNull();
    await user.click(screen.getByLabelText(/^Project name/));
    await user.tab();
    expect(screen.getByText('Please enter a project name before continuing.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Project name/), '   ');
    expect(generate).toBeDisabled();
    await user.type(screen.getByLabelText(/^Project name/), 'Roses');
    expect(generate).toBeEnabled();
    expect(screen.queryByText('Please enter a project name before continuing.')).toBeNull();
  });

  it('sends the settings to the signed-in endpoint and shows at most 50 legend entries', async () => {
    const user = userEvent.setup();
    let sent: Record<string, string> = {};
    const harness = renderScreen(<Wizard />, {
      auth: { signedIn: true },
      answers: {
        'GET /api/stitch/creative-credits': { status: 200, data: { remaining: 10, limit: 10, resets_at: '' } },
        'POST /api/stitch/generate': (request) => {
          sent = Object.fromEntries(Object.entries(request.form ?? {}).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
          return { status: 200, data: { ...plan, project_id: 'p1' } };
        },
      },
    });
    await toSettings(user);
    await user.click(screen.getByRole('radio', { name: '300' }));
    await user.click(screen.getByRole('checkbox', { name: /symbols/ }));
    await user.type(screen.getByLabelText(/^Project name/), ' Roses ');
    await user.click(screen.getByRole('button', { name: 'Generate Pattern' }));
    expect(await screen.findByRole('link', { name: 'Download Pattern' })).toHaveAttribute('href', plan.stitch_plan_url);
    expect(harness.requests).toContain('POST /api/stitch/generate');
    expect(sent).toMatchObject({
      colors: '20',
      cell_size: '12',
      max_side: '300',
      return_symbols_overlay: 'true',
      use_kmeans: 'false',
      dithering: 'off',
      project_name: 'Roses',
    });
    expect(screen.getAllByTestId('legend-row')).toHaveLength(50);
    expect(screen.getByRole('link', { name: 'Open the project' })).toHaveAttribute('href', '/stitch/projects/p1');
    expect(screen.getByText('Chart size').nextSibling).toHaveTextContent(/stitches \(\d+ × \d+ px\)/);

    // Back to tweak: the same picture and settings, and the earlier steps are links back.
    await user.click(screen.getByRole('button', { name: 'Adjust settings' }));
    expect(screen.getByRole('radio', { name: '300' })).toBeChecked();
    expect(screen.getByLabelText(/^Project name/)).toHaveValue(' Roses ');
    await user.click(screen.getByRole('button', { name: /Upload Image/ }));
    expect(screen.getByRole('button', { name: 'Continue to Settings' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to Settings' }));
    expect(screen.getByRole('radio', { name: '300' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Generate Pattern' }));
    await user.click(await screen.findByRole('button', { name: 'Create New Pattern' }, { timeout: 5000 }));
    expect(screen.getByRole('button', { name: 'Continue to Settings' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to Settings' }));
    expect(screen.getByText('Please upload an image or enter an image URL')).toBeInTheDocument();
  });

  it('lets a visitor choose dithering, says what it does, and sends it', async () => {
    const user = userEvent.setup();
    const sent: Record<string, unknown>[] = [];
    renderScreen(<Wizard />, {
      answers: {
        'POST /api/stitch/generate/anonymous': (request) => {
          sent.push(request.form ?? {});
          return { status: 200, data: plan };
        },
      },
    });
    await toSettings(user);
    expect(screen.getByRole('radio', { name: 'Off' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Dithering' })).toHaveAccessibleDescription(/closest thread/);
    const soft = screen.getByRole('radio', { name: 'Soft' });
    expect(soft).toBeEnabled(); // not locked for visitors
    await user.click(soft);
    expect(soft).toBeChecked();
    expect(screen.getByRole('group', { name: 'Dithering' })).toHaveAccessibleDescription(/Smoother shading/);
    await user.type(screen.getByLabelText(/^Project name/), 'Roses');
    await user.click(screen.getByRole('button', { name: 'Generate Pattern' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ dithering: 'soft', colors: '10' });
  });

  it('shows the stage while generating, and Cancel stops it and stays on the settings', async () => {
    const user = userEvent.setup();
    renderScreen(<Wizard />, {
      auth: { signedIn: true },
      answers: {
        'GET /api/stitch/creative-credits': { status: 200, data: { remaining: 10, limit: 10, resets_at: '' } },
        'POST /api/stitch/generate': () => new Promise(() => {}),
      },
    });
    await toSettings(user);
    await user.type(screen.getByLabelText(/^Project name/), 'Roses');
    await user.click(screen.getByRole('button', { name: 'Generate Pattern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generating your pattern' });
    expect(screen.getByTestId('generation-stage')).toHaveTextContent(/Uploading your picture/);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Generation cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Generate Pattern' })).toBeEnabled();
  });

  it('says so when generation fails, and stays on the settings', async () => {
    const user = userEvent.setup();
    renderScreen(<Wizard />, { answers: { 'POST /api/stitch/generate/anonymous': { status: 422, data: { status: 422, detail: 'broken' } } } });
    await toSettings(user);
    await user.type(screen.getByLabelText(/^Project name/), 'Roses');
    await user.click(screen.getByRole('button', { name: 'Generate Pattern' }));
    expect(await screen.findByText('Failed to generate stitch plan. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Pattern' })).toBeEnabled();
  });

  it('with 2 or more threads owned, generates among them only: the colour count follows them, and the server says when it cannot', async () => {
    const user = userEvent.setup();
    const sent: Record<string, unknown>[] = [];
    let refuse = false;
    renderScreen(<Wizard />, {
      auth: { signedIn: true },
      answers: {
        ...credits,
        'GET /api/threads/owned': { status: 200, data: stash(['310', '321', '699']) },
        'POST /api/stitch/generate': (request) => {
          sent.push(request.form ?? {});
          if (!refuse) return { status: 200, data: { ...plan, project_id: 'p1' } };
          const detail = 'You own 1 thread: add at least 2 on My Threads to generate with only the threads you own.';
          return { status: 400, data: { status: 400, code: 'invalid_request', detail, errors: [{ field: 'only_owned_threads', message: detail }] } };
        },
      },
    });
    await toSettings(user);
    const option = await screen.findByRole('checkbox', { name: 'Use only threads I own' });
    await waitFor(() => expect(option).toBeEnabled());
    expect(option).not.toBeChecked();
    expect(option).toHaveAccessibleDescription(/^Chooses among your 3 threads only, at most 3 colours\. Threads with no skeins left count too/);
    expect(screen.getByLabelText(/^Colors/)).toHaveAttribute('max', '50');

    await user.click(option);
    expect(option).toBeChecked();
    expect(screen.getByLabelText(/^Colors/)).toHaveValue('3');
    expect(screen.getByLabelText(/^Colors/)).toHaveAttribute('max', '3');
    await user.type(screen.getByLabelText(/^Project name/), 'From my stash');
    await user.click(screen.getByRole('button', { name: 'Generate Pattern' }));
    await screen.findByRole('link', { name: 'Open the project' });
    expect(sent[0]).toMatchObject({ only_owned_threads: 'true', colors: '3', project_name: 'From my stash' });

    // Threads removed in another tab meanwhile: the server's reason is shown.
    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Adjust settings' }));
    await user.click(screen.getByRole('button', { name: 'Generate Pattern' }));
    expect(await screen.findByText(/Failed to generate stitch plan\. You own 1 thread: add at least 2 on My Threads/)).toBeInTheDocument();

    // Off again: all 50 colours, and the catalogue.
    await user.click(screen.getByRole('checkbox', { name: 'Use only threads I own' }));
    expect(screen.getByLabelText(/^Colors/)).toHaveAttribute('max', '50');
    await user.click(screen.getByRole('button', { name: 'Generate Pattern' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toMatchObject({ only_owned_threads: 'false', colors: '3' });
  });

  it.each([
    [['310'], 'You own 1 thread; add at least 2 on My Threads.'],
    [[], 'You own 0 threads; add at least 2 on My Threads.'],
  ])('with %j owned, keeps the option off, says why and links to My Threads', async (codes, reason) => {
    const user = userEvent.setup();
    const sent: Record<string, unknown>[] = [];
    renderScreen(<Wizard />, {
      auth: { signedIn: true },
      answers: {
        ...credits,
        'GET /api/threads/owned': { status: 200, data: stash(codes) },
        'POST /api/stitch/generate': (request) => {
          sent.push(request.form ?? {});
          return { status: 200, data: { ...plan, project_id: 'p1' } };
        },
      },
    });
    await toSettings(user);
    await screen.findByText(/You own/);
    const option = screen.getByRole('checkbox', { name: 'Use only threads I own' });
    expect(option).toBeDisabled();
    expect(option).toHaveAccessibleDescription(reason);
    expect(screen.getByRole('link', { name: 'My Threads' })).toHaveAttribute('href', '/threads/mine');
    await user.type(screen.getByLabelText(/^Project name/), 'Roses');
    await user.click(screen.getByRole('button', { name: 'Generate Pattern' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ only_owned_threads: 'false', colors: '20' });
  });

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
      },
      outputs: { input_image_url: 'http://localhost/files/original.png', stitch_plan_url: null, pattern_url: null },
    };
    renderScreen(<Wizard />, {
      auth: { signedIn: true },
      route: '/?from=p1',
      answers: {
        'GET /api/stitch/creative-credits': { status: 200, data: { remaining: 10, limit: 10, resets_at: '' } },
        'GET /api/stitch/projects/p1': { status: 200, data: project },
        'GET /files/original.png': { status: 200, data: photo() },
      },
    });
    expect(await screen.findByRole('radio', { name: '150' })).toBeChecked();
    expect(screen.getByLabelText(/^Project name/)).toHaveValue('Roses');
    expect(screen.getByLabelText(/^Colors/)).toHaveValue('14');
    expect(screen.getByRole('checkbox', { name: /k-means/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Strong' })).toBeChecked();
    expect(await screen.findByRole('img', { name: 'The picture to stitch' })).toBeInTheDocument();
  });
});
