import { useEffect, useRef } from 'react';
import { TOOLS, type ToolName } from './tools';
import type { ChartEditor } from './use-chart-editor';

interface EditorKeys {
  editor: Pick<ChartEditor, 'undo' | 'redo'>;
  onTool: (tool: ToolName) => void;
  /** Absent while nothing is selected: then Ctrl+C, Ctrl+V and Delete keep their usual meaning. */
  selection: { copy: () => void; paste: () => void; erase: () => void } | undefined;
  onClearSelection: () => void;
  /** Present while a backstitch line is being drawn: Escape ends it (before clearing a selection). */
  endLine: (() => void) | undefined;
}

/** Whether a key press belongs to a field being typed in, not to the editor. */
const typing = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName));

/**
 * The editor's keyboard: a letter per tool, Ctrl/Cmd+Z undo, Shift+Ctrl/Cmd+Z (or Ctrl+Y) redo,
 * Ctrl/Cmd+C and V copy and paste the selection, Delete erases it, Escape ends a backstitch line or clears the selection.
 */
export function useEditorKeys(keys: EditorKeys): void {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typing(event.target) || event.altKey) return;
      const { editor, onTool, selection, onClearSelection, endLine } = latest.current;
      const key = event.key.toLowerCase();
      const command = event.ctrlKey || event.metaKey;
      let handled = true;
      if (command && key === 'z') {
        if (event.shiftKey) editor.redo();
        else editor.undo();
      } else if (command && key === 'y') editor.redo();
      else if (selection && command && key === 'c') selection.copy();
      else if (selection && command && key === 'v') selection.paste();
      else if (selection && !command && (key === 'delete' || key === 'backspace')) selection.erase();
      else if (endLine && !command && key === 'escape') endLine();
      else if (selection && !command && key === 'escape') onClearSelection();
      else {
        const tool = command || event.shiftKey ? undefined : TOOLS.find((option) => option.key === key);
        if (tool) onTool(tool.name);
        else handled = false;
      }
      if (handled) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
