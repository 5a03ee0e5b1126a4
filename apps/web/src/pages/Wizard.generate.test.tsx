// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { blendOf, findThread, legendEntryOf, namedThread } from '@stitchwise/core';
import { describe, expect, it } from 'vitest';
import { CREDITS, keeping } from '../test/fixtures';
import { renderScreen, type SentRequest } from '../test/harness';
import { generateAs, PLAN, toSettings } from '../test/wizard';
import { Wizard } from './Wizard';

describe('Stitch Pattern Wizard', () => {
  it('sends the settings to the signed-in endpoint and shows at most 50 legend entries', async () => {
    const user = userEvent.setup();
    let sent: Record<string, string> = {};
    const harness = renderScreen(<Wizard />, {
      auth: { signedIn: true },
      answers: {
        ...CREDITS,
        'POST /api/stitch/generate': (request) => {
          sent = Object.fromEntries(Object.entries(request.form ?? {}).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
          return { status: 200, data: { ...PLAN, project_id: 'p1' } };
        },
      },
    });
    await toSettings(user);
    await user.click(screen.getByRole('radio', { name: '300' }));
    await user.click(screen.getByRole('checkbox', { name: /symbols/ }));
    await generateAs(user, ' Roses ');
    expect(await screen.findByRole('link', { name: 'Download Pattern' })).toHaveAttribute('href', PLAN.stitch_plan_url);
    expect(harness.requests).toContain('POST /api/stitch/generate');
    expect(sent).toMatchObject({
      colors: '20',
      cell_size: '12',
      max_side: '300',
      return_symbols_overlay: 'true',
      use_kmeans: 'false',
      dithering: 'off',
      blends: 'off',
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
    const sent: SentRequest[] = [];
    renderScreen(<Wizard />, {
      answers: { 'POST /api/stitch/generate/anonymous': keeping(sent, { status: 200, data: PLAN }) },
    });
    await toSettings(user);
    expect(screen.getByRole('radio', { name: 'Off' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Dithering' })).toHaveAccessibleDescription(/closest thread/);
    const soft = screen.getByRole('radio', { name: 'Soft' });
    expect(soft).toBeEnabled(); // not locked for visitors
    await user.click(soft);
    expect(soft).toBeChecked();
    expect(screen.getByRole('group', { name: 'Dithering' })).toHaveAccessibleDescription(/Smoother shading/);
    await generateAs(user, 'Roses');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.form).toMatchObject({ dithering: 'soft', colors: '10' });
  });

  it("sends the photo's adjustments, a visitor's too, each under its API name", async () => {
    const user = userEvent.setup();
    const sent: SentRequest[] = [];
    renderScreen(<Wizard />, {
      answers: { 'POST /api/stitch/generate/anonymous': keeping(sent, { status: 200, data: PLAN }) },
    });
    await toSettings(user);
    fireEvent.change(screen.getByLabelText(/^Brightness/), { target: { value: '-15' } });
    fireEvent.change(screen.getByLabelText(/^Contrast/), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText(/^Saturation/), { target: { value: '-100' } });
    fireEvent.change(screen.getByLabelText(/^Gamma/), { target: { value: '0.75' } });
    fireEvent.change(screen.getByLabelText(/^Sharpen/), { target: { value: '40' } });
    await user.click(screen.getByRole('checkbox', { name: /Auto levels/ }));
    await generateAs(user, 'Roses');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.form).toMatchObject({
      brightness: '-15',
      contrast: '30',
      saturation: '-100',
      gamma: '0.75',
      sharpen: '40',
      auto_levels: 'true',
      colors: '10',
    });
  });

  it('sends neutral adjustments when none were made', async () => {
    const user = userEvent.setup();
    const sent: SentRequest[] = [];
    renderScreen(<Wizard />, {
      auth: { signedIn: true },
      answers: { ...CREDITS, 'POST /api/stitch/generate': keeping(sent, { status: 200, data: { ...PLAN, project_id: 'p1' } }) },
    });
    await toSettings(user);
    await generateAs(user, 'Roses');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.form).toMatchObject({ brightness: '0', contrast: '0', saturation: '0', gamma: '1', sharpen: '0', auto_levels: 'false' });
  });

  it('sends Blends when switched on, and a result with a blend shows it in the legend: both threads, 1 + 1 strands', async () => {
    const user = userEvent.setup();
    const sent: SentRequest[] = [];
    const [black, pewter] = [findThread('310')!, findThread('413')!];
    const legend = [PLAN.legend_data[0]!, legendEntryOf(namedThread(blendOf(black, pewter)), 1, '▲', 100)];
    renderScreen(<Wizard />, {
      auth: { signedIn: true },
      answers: { ...CREDITS, 'POST /api/stitch/generate': keeping(sent, { status: 200, data: { ...PLAN, legend_data: legend, project_id: 'p1' } }) },
    });
    await toSettings(user);
    await user.click(screen.getByRole('switch', { name: /^Blends/ }));
    await generateAs(user, 'Roses');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.form).toMatchObject({ blends: 'on' });
    const row = (await screen.findAllByTestId('legend-row'))[1]!;
    // Symbol, codes, strands, both names, the mix, stitches; its skeins are in its threads' rows (413's after the legend).
    expect(row).toHaveTextContent(`▲310 + 4131 + 1 strands${black.name} + ${pewter.name}${blendOf(black, pewter).hex.toUpperCase()}100–`);
    expect(screen.getAllByTestId('legend-blend-thread').map((blendThread) => blendThread.textContent)).toContain(
      `413${pewter.name}${pewter.hex.toUpperCase()}in blends only1`,
    );
    expect(row.querySelector('[data-blend]')).toHaveAttribute('data-blend', `${black.hex} ${pewter.hex}`);
    // The colours used, and what they are made of: the plain thread, 310 and 413, and the blend of the two.
    const plainCode = PLAN.legend_data[0]!.code;
    const threads = new Set([plainCode, '310', '413']).size;
    expect(screen.getByText('Colors used').nextSibling).toHaveTextContent(`${PLAN.metadata.colors_used} (${threads} threads + 1 blend)`);
  });

  it('shows the stage while generating, and Cancel stops it and stays on the settings', async () => {
    const user = userEvent.setup();
    renderScreen(<Wizard />, {
      auth: { signedIn: true },
      answers: {
        ...CREDITS,
        'POST /api/stitch/generate': () => new Promise(() => {}),
      },
    });
    await toSettings(user);
    await generateAs(user, 'Roses');
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
    await generateAs(user, 'Roses');
    expect(await screen.findByText('Failed to generate stitch plan. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Pattern' })).toBeEnabled();
  });
});
