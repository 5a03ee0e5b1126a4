// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CREDITS, keeping } from '../test/fixtures';
import { renderScreen, type SentRequest } from '../test/harness';
import { generateAs, photo, PLAN, owning, toSettings } from '../test/wizard';
import { Wizard } from './Wizard';

/** The wizard of a signed-in user owning `codes`, whose generations are kept in the list given back. */
function showWizardOwning(codes: string[]): SentRequest[] {
  const sent: SentRequest[] = [];
  renderScreen(<Wizard />, {
    auth: { signedIn: true },
    answers: { ...CREDITS, ...owning(codes), 'POST /api/stitch/generate': keeping(sent, { status: 200, data: { ...PLAN, project_id: 'p1' } }) },
  });
  return sent;
}

describe('Stitch Pattern Wizard', () => {
  afterEach(() => localStorage.clear()); // a thread brand chosen is remembered on the device

  it('with 2 or more threads owned, generates among them only: the colour count follows them, and the server says when it cannot', async () => {
    const user = userEvent.setup();
    const sent: SentRequest[] = [];
    let refuse = false;
    renderScreen(<Wizard />, {
      auth: { signedIn: true },
      answers: {
        ...CREDITS,
        ...owning(['310', '321', '699']),
        'POST /api/stitch/generate': keeping(sent, () => {
          if (!refuse) return { status: 200, data: { ...PLAN, project_id: 'p1' } };
          const detail = 'You own 1 DMC thread: add at least 2 on My Threads to chart in DMC with only the threads you own.';
          return { status: 400, data: { status: 400, code: 'invalid_request', detail, errors: [{ field: 'only_owned_threads', message: detail }] } };
        }),
      },
    });
    await toSettings(user);
    const option = await screen.findByRole('checkbox', { name: 'Use only threads I own' });
    await waitFor(() => expect(option).toBeEnabled());
    expect(option).not.toBeChecked();
    expect(option).toHaveAccessibleDescription(/^Chooses among your 3 DMC threads only, at most 3 colours\. Threads with no skeins left count too/);
    expect(screen.getByLabelText(/^Colors/)).toHaveAttribute('max', '50');

    await user.click(option);
    expect(option).toBeChecked();
    expect(screen.getByLabelText(/^Colors/)).toHaveValue('3');
    expect(screen.getByLabelText(/^Colors/)).toHaveAttribute('max', '3');
    await generateAs(user, 'From my stash');
    await screen.findByRole('link', { name: 'Open the project' });
    expect(sent[0]!.form).toMatchObject({ only_owned_threads: 'true', colors: '3', project_name: 'From my stash' });

    // Threads removed in another tab meanwhile: the server's reason is shown.
    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Adjust settings' }));
    await user.click(screen.getByRole('button', { name: 'Generate Pattern' }));
    expect(await screen.findByText(/Failed to generate stitch plan\. You own 1 DMC thread: add at least 2 on My Threads/)).toBeInTheDocument();

    // Off again: all 50 colours, and the catalogue.
    await user.click(screen.getByRole('checkbox', { name: 'Use only threads I own' }));
    expect(screen.getByLabelText(/^Colors/)).toHaveAttribute('max', '50');
    await user.click(screen.getByRole('button', { name: 'Generate Pattern' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.form).toMatchObject({ only_owned_threads: 'false', colors: '3' });
  });

  it.each([
    [['310'], 'You own 1 DMC thread; add at least 2 on My Threads.'],
    [[], 'You own 0 DMC threads; add at least 2 on My Threads.'],
    [['310', 'anchor:403', 'anchor:9046'], 'You own 1 DMC thread; add at least 2 on My Threads, or choose a Thread brand you own more of: Anchor (2).'],
  ])('with %j owned, keeps the option off, says why and links to My Threads', async (codes, reason) => {
    const user = userEvent.setup();
    const sent = showWizardOwning(codes);
    await toSettings(user);
    await screen.findByText(/You own/);
    const option = screen.getByRole('checkbox', { name: 'Use only threads I own' });
    expect(option).toBeDisabled();
    expect(option).toHaveAccessibleDescription(reason);
    expect(screen.getByRole('link', { name: 'My Threads' })).toHaveAttribute('href', '/threads/mine');
    await generateAs(user, 'Roses');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.form).toMatchObject({ only_owned_threads: 'false', colors: '20' });
  });

  it('points out owned threads that look the same on fabric, and leaves one out in one click', async () => {
    const user = userEvent.setup();
    const sent = showWizardOwning(['310', '3865', 'Blanc', '321']);
    await toSettings(user);
    const option = await screen.findByRole('checkbox', { name: 'Use only threads I own' });
    await waitFor(() => expect(option).toBeEnabled());
    expect(screen.queryByTestId('look-alike-threads')).not.toBeInTheDocument(); // only when choosing among them
    await user.click(option);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(/These threads you own look the same on fabric; the chart may use both:/);
    expect(notice).toHaveTextContent(/DMC 3865 .* and DMC Blanc .* \(ΔE00 \d\.\d\)|DMC Blanc .* and DMC 3865 .* \(ΔE00 \d\.\d\)/);
    expect(notice).not.toHaveTextContent(/310|321/);

    await user.click(screen.getByRole('button', { name: 'Leave out 3865' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Put back DMC 3865' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Colors/)).toHaveAttribute('max', '3');
    await generateAs(user, 'Snow');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.form).toMatchObject({ only_owned_threads: 'true', left_out_threads: '3865', colors: '3' });

    // Put back: the pair is pointed out again.
    await screen.findByRole('link', { name: 'Open the project' });
    await user.click(screen.getByRole('button', { name: 'Adjust settings' }));
    await user.click(screen.getByRole('button', { name: 'Put back DMC 3865' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/look the same on fabric/);
  });

  it('in Anchor, chooses among the Anchor threads owned, points out Anchor look-alikes and leaves one out by its Anchor code', async () => {
    const user = userEvent.setup();
    const sent = showWizardOwning(['310', '321', '699', 'anchor:403', 'anchor:88', 'anchor:89', 'anchor:9046']);
    await toSettings(user);
    const option = await screen.findByRole('checkbox', { name: 'Use only threads I own' });
    await waitFor(() => expect(option).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Thread brand'), 'anchor');
    expect(option).toHaveAccessibleDescription(/^Chooses among your 4 Anchor threads only, at most 4 colours\./);
    await user.click(option);
    expect(screen.getByLabelText(/^Colors/)).toHaveAttribute('max', '4');
    // Orchid 88 and 89 are near twins; DMC threads are never paired with Anchor ones.
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(/Anchor 88 Orchid - MED DK and Anchor 89 Orchid - DK \(ΔE00 0\.2\)/);
    expect(notice).not.toHaveTextContent(/DMC/);
    await user.click(screen.getByRole('button', { name: 'Leave out 89' }));
    expect(screen.getByRole('button', { name: 'Put back Anchor 89' })).toBeInTheDocument();
    await generateAs(user, 'Orchids');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.form).toMatchObject({ brand: 'anchor', only_owned_threads: 'true', left_out_threads: '89', colors: '3' });

    // Another brand: what was left out was an Anchor thread, so nothing is left out of a DMC chart.
    await screen.findByRole('link', { name: 'Open the project' });
    await user.click(screen.getByRole('button', { name: 'Adjust settings' }));
    await user.selectOptions(screen.getByLabelText('Thread brand'), 'dmc');
    expect(screen.queryByRole('button', { name: /Put back/ })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Use only threads I own' })).toHaveAccessibleDescription(/^Chooses among your 3 DMC threads only/);
  });

  it('sends as left out only owned threads of the chart brand: a project regenerated in another brand keeps none of its DMC codes', async () => {
    const user = userEvent.setup();
    localStorage.setItem('stitchwise.brand', 'anchor'); // the brand this stitcher charts in now
    const sent: SentRequest[] = [];
    const project = {
      id: 'p1',
      name: 'Snow',
      parameters: { colors: 4, max_side: 50, only_owned_threads: true, left_out_threads: ['3865', '403'] },
      outputs: { input_image_url: 'http://localhost/files/original.png', stitch_plan_url: null, pattern_url: null },
    };
    renderScreen(<Wizard />, {
      auth: { signedIn: true },
      route: '/?from=p1',
      answers: {
        ...CREDITS,
        ...owning(['310', '3865', 'Blanc', 'anchor:403', 'anchor:2', 'anchor:9046']),
        'GET /api/stitch/projects/p1': { status: 200, data: project },
        'GET /files/original.png': { status: 200, data: photo() },
        'POST /api/stitch/generate': keeping(sent, { status: 200, data: { ...PLAN, project_id: 'p2' } }),
      },
    });
    expect(await screen.findByRole('img', { name: 'The picture to stitch' })).toBeInTheDocument();
    expect(screen.getByLabelText('Thread brand')).toHaveValue('anchor');
    await generateAs(user, 'Snow in Anchor');
    await waitFor(() => expect(sent).toHaveLength(1));
    // 403 is an Anchor thread owned: left out; 3865 is a DMC code: not sent with an Anchor chart.
    expect(sent[0]!.form).toMatchObject({ brand: 'anchor', only_owned_threads: 'true', left_out_threads: '403' });
  });
});
