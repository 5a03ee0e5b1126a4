// @vitest-environment jsdom
import { fireEvent, render, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../test/harness';
import { TOOLS } from './tools';
import { useEditorKeys } from './use-editor-keys';

type Selection = Parameters<typeof useEditorKeys>[0]['selection'];

/** The hook with every effect recorded; `selection` present or not, and a backstitch line being drawn or not. */
function keysWith(selection: Selection, lineGoing = false) {
  const calls = { undo: vi.fn(), redo: vi.fn(), onTool: vi.fn(), onClearSelection: vi.fn(), endLine: vi.fn() };
  const hook = renderHook(
    (props: { selection: Selection; lineGoing: boolean }) =>
      useEditorKeys({
        editor: calls,
        onTool: calls.onTool,
        selection: props.selection,
        onClearSelection: calls.onClearSelection,
        endLine: props.lineGoing ? calls.endLine : undefined,
      }),
    {
      initialProps: { selection, lineGoing },
    },
  );
  return { ...calls, hook };
}

const selectionCalls = () => ({ copy: vi.fn(), paste: vi.fn(), erase: vi.fn() });

/** A key pressed on the page; true when the editor left the browser's own action alone. */
const press = (key: string, modifiers: { ctrlKey?: boolean; metaKey?: boolean; shiftKey?: boolean; altKey?: boolean } = {}, target: Element = document.body) =>
  fireEvent.keyDown(target, { key, ...modifiers });

describe('editor keys', () => {
  it('chooses a tool with its letter: P, L, Q, T, B, K, E, F, I, S, H (caps lock too)', () => {
    const keys = keysWith(undefined);
    for (const key of ['p', 'l', 'q', 't', 'b', 'k', 'e', 'f', 'i', 's', 'h', 'P', 'B']) expect(press(key)).toBe(false);
    expect(keys.onTool.mock.calls.map(([tool]) => tool as string)).toEqual([
      'pencil',
      'half',
      'quarter',
      'three-quarter',
      'backstitch',
      'knot',
      'eraser',
      'fill',
      'eyedropper',
      'select',
      'pan',
      'pencil',
      'backstitch',
    ]);
  });

  it('gives every tool its own letter', () => {
    const letters = TOOLS.map((tool) => tool.key);
    expect(new Set(letters).size).toBe(letters.length);
  });

  it('ends a backstitch line with Escape before clearing the selection, and leaves Escape alone when there is neither', () => {
    const keys = keysWith(selectionCalls(), true);
    expect(press('Escape')).toBe(false);
    expect(keys.endLine).toHaveBeenCalledTimes(1);
    expect(keys.onClearSelection).not.toHaveBeenCalled();
    keys.hook.rerender({ selection: selectionCalls(), lineGoing: false });
    press('Escape');
    expect(keys.onClearSelection).toHaveBeenCalledTimes(1);
    keys.hook.rerender({ selection: undefined, lineGoing: false });
    expect(press('Escape')).toBe(true);
    expect(keys.endLine).toHaveBeenCalledTimes(1);
  });

  it('leaves other letters and modified letters to the browser', () => {
    const keys = keysWith(undefined);
    expect(press('y')).toBe(true);
    expect(press('p', { ctrlKey: true })).toBe(true);
    expect(press('P', { shiftKey: true })).toBe(true);
    expect(press('p', { altKey: true })).toBe(true);
    expect(keys.onTool).not.toHaveBeenCalled();
  });

  it('undoes with Ctrl+Z or Cmd+Z, redoes with Shift+Ctrl+Z, Shift+Cmd+Z or Ctrl+Y', () => {
    const keys = keysWith(undefined);
    expect(press('z', { ctrlKey: true })).toBe(false);
    press('z', { metaKey: true });
    expect(keys.undo).toHaveBeenCalledTimes(2);
    expect(keys.redo).not.toHaveBeenCalled();

    // With Shift held the browser reports a capital Z.
    expect(press('Z', { ctrlKey: true, shiftKey: true })).toBe(false);
    press('Z', { metaKey: true, shiftKey: true });
    press('y', { ctrlKey: true });
    expect(keys.redo).toHaveBeenCalledTimes(3);
    expect(keys.undo).toHaveBeenCalledTimes(2);
    expect(keys.onTool).not.toHaveBeenCalled();
  });

  it('ignores keys typed into a field: a search box, a select, a text area', () => {
    const keys = keysWith(selectionCalls());
    const { container } = render(
      <div>
        <input type="search" aria-label="Search" />
        <select aria-label="Symbol">
          <option>■</option>
        </select>
        <textarea aria-label="Notes" />
      </div>,
    );
    for (const field of Array.from(container.querySelectorAll('input, select, textarea'))) {
      expect(press('p', {}, field)).toBe(true);
      expect(press('z', { ctrlKey: true }, field)).toBe(true);
      expect(press('Delete', {}, field)).toBe(true);
    }
    expect(keys.onTool).not.toHaveBeenCalled();
    expect(keys.undo).not.toHaveBeenCalled();
    press('f', {}, container.firstElementChild!);
    expect(keys.onTool).toHaveBeenCalledWith('fill');
  });

  it('leaves Ctrl+C, Ctrl+V, Delete and Escape to the browser while nothing is selected', () => {
    const keys = keysWith(undefined);
    expect(press('c', { ctrlKey: true })).toBe(true);
    expect(press('v', { ctrlKey: true })).toBe(true);
    expect(press('Delete')).toBe(true);
    expect(press('Escape')).toBe(true);
    expect(keys.onClearSelection).not.toHaveBeenCalled();
  });

  it('copies, pastes, erases and clears the selection when there is one', () => {
    const keys = keysWith(undefined);
    const selection = selectionCalls();
    keys.hook.rerender({ selection, lineGoing: false });
    expect(press('c', { ctrlKey: true })).toBe(false);
    press('v', { metaKey: true });
    press('Delete');
    press('Backspace');
    press('Escape');
    expect(selection.copy).toHaveBeenCalledTimes(1);
    expect(selection.paste).toHaveBeenCalledTimes(1);
    expect(selection.erase).toHaveBeenCalledTimes(2);
    expect(keys.onClearSelection).toHaveBeenCalledTimes(1);

    keys.hook.rerender({ selection: undefined, lineGoing: false });
    press('c', { ctrlKey: true });
    expect(selection.copy).toHaveBeenCalledTimes(1);
  });

  it('stops listening when the editor closes', () => {
    const keys = keysWith(undefined);
    keys.hook.unmount();
    press('z', { ctrlKey: true });
    press('p');
    expect(keys.undo).not.toHaveBeenCalled();
    expect(keys.onTool).not.toHaveBeenCalled();
  });
});
