// @vitest-environment jsdom
import { findThread, layOutText, letteringPattern, toPatternDocument } from '@stitchwise/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen, type Answer } from '../../test/harness';
import StartFromText from './StartFromText';

const DOCUMENT = toPatternDocument(letteringPattern(layOutText('Emma\n2026', 'bold-10', { align: 'center' }), findThread('310')!, 5));
const MADE: Answer = { status: 201, data: DOCUMENT, headers: { Location: 'http://localhost/files/abc_123.json' } };

async function fillIn(answers: Record<string, Answer>, signedIn = false) {
  const user = userEvent.setup();
  const harness = renderScreen(<StartFromText />, { path: '/stitch/new', route: '/stitch/new', answers, auth: { signedIn } });
  const form = await screen.findByRole('form', { name: 'Start from text' });
  await user.type(within(form).getByLabelText('Text'), 'Emma{Enter}2026');
  return { user, form, harness };
}

describe('Start from text', () => {
  it("asks for the chart with the form's choices, and opens a visitor's kept chart in the editor", async () => {
    let sent: unknown;
    const { user, form, harness } = await fillIn({
      'POST /api/stitch/lettering': (request) => {
        sent = request.json;
        return MADE;
      },
    });
    await user.selectOptions(within(form).getByLabelText('Alignment'), 'Left');
    const spacing = within(form).getByLabelText('Letter spacing');
    await user.clear(spacing);
    await user.type(spacing, '-2');
    await user.click(within(form).getByRole('button', { name: 'Make chart' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(sent).toEqual({ text: 'Emma\n2026', alphabet: 'bold-10', brand: 'dmc', code: '310', align: 'left', letter_spacing: -2, line_spacing: 0, margin: 5 });
    expect(harness.requests).toEqual(['POST /api/stitch/lettering']);
  });

  it('makes a signed-in user’s chart a project named by the text, through the import', async () => {
    let imported: Record<string, unknown> = {};
    const { user, form, harness } = await fillIn(
      {
        'POST /api/stitch/lettering': MADE,
        'POST /api/stitch/projects/import': (request) => {
          imported = request.form ?? {};
          return { status: 201, data: { id: 'p1' } };
        },
      },
      true,
    );
    await user.click(within(form).getByRole('button', { name: 'Make chart' }));
    await waitFor(() => expect(harness.requests).toEqual(['POST /api/stitch/lettering', 'POST /api/stitch/projects/import']));
    expect(imported.name).toBe('Emma 2026');
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  it("shows the server's reason when the text cannot be stitched, and stays", async () => {
    const { user, form } = await fillIn({
      'POST /api/stitch/lettering': {
        status: 400,
        data: {
          status: 400,
          code: 'invalid_request',
          detail: 'The Bold alphabet has no ❤.',
          errors: [{ field: 'text', message: 'The Bold alphabet has no ❤.' }],
        },
      },
    });
    await user.click(within(form).getByRole('button', { name: 'Make chart' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The Bold alphabet has no ❤.');
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();
  });
});
