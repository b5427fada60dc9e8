// Typing in the open dialog, whichever list opened it: an input dialog's value and its
// completion, a picker's query, highlighted option and choices.
import type { StoreContext } from './context.js';
import { completeInput, moveInputCursor, setInputValue } from './dialogs.js';
import { movePickCursor, setPickQuery, togglePick } from './pickers.js';

export interface DialogActions {
  /** Typing in an input dialog (suggestions follow the value) or a picker (narrows the options). */
  setDialogValue(text: string): void;
  /**
   * Input dialogs: takes suggestion `index` (default the one chosen with Up/Down, else the first) into the value. Pickers: the
   * highlighted tag cycles include → exclude → off; the highlighted project becomes the choice.
   */
  completeDialog(index?: number): void;
  /** Moves the highlighted option of a picker, or the chosen suggestion of an input dialog. */
  moveDialogCursor(delta: number): void;
}

export function createDialogActions(ctx: StoreContext): DialogActions {
  return {
    setDialogValue(text) {
      const dialog = ctx.get().dialog;
      if (dialog?.kind === 'pick') setPickQuery(ctx, dialog, text);
      else setInputValue(ctx, text);
    },
    completeDialog(index) {
      const dialog = ctx.get().dialog;
      if (dialog?.kind === 'pick') togglePick(ctx, dialog);
      else completeInput(ctx, index);
    },
    moveDialogCursor(delta) {
      if (ctx.get().dialog?.kind === 'input') moveInputCursor(ctx, delta);
      else movePickCursor(ctx, delta);
    },
  };
}
