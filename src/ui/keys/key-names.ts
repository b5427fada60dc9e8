// Ink's (input, key) pairs → our key names, one per key press. Typed keys can arrive batched
// (`jjj`, or `ab\r` when pasting), so plain input is split into characters; Ink 6 reports
// backspace (0x7f) as `delete`, so both are `backspace` here.
import type { Key } from 'ink';

/**
 * A key name: a printable character as itself (`j`, `G`, `/`, `?`), or one of `enter`, `esc`,
 * `tab`, `shift-tab`, `backspace`, `space`, `up`, `down`, `left`, `right`, `pageup`,
 * `pagedown`, `home`, `end`, `ctrl-<letter>`.
 */
export type KeyName = string;

/** Escape sequences Ink passes on without knowing them (F-keys, modified keys), ESC stripped. */
const UNKNOWN_SEQUENCE = /^(\[[\d;:<>?]*[~A-Za-z$^@]|O[A-Za-z])$/;

/** One character of plain input → a key name (control characters become ctrl-letters). */
function charKey(ch: string): KeyName | null {
  if (ch === '\r' || ch === '\n') return 'enter';
  if (ch === '\t') return 'tab';
  if (ch === '\u007f' || ch === '\b') return 'backspace';
  if (ch === ' ') return 'space';
  if (ch === '\u001b') return 'esc';
  const code = ch.codePointAt(0) ?? 0;
  if (code >= 1 && code <= 26) return `ctrl-${String.fromCharCode(code + 96)}`;
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return null;
  return ch;
}

/** The key presses in one Ink input event, in order. */
export function decodeInput(input: string, key: Key): KeyName[] {
  if (key.upArrow) return ['up'];
  if (key.downArrow) return ['down'];
  if (key.leftArrow) return ['left'];
  if (key.rightArrow) return ['right'];
  if (key.pageUp) return ['pageup'];
  if (key.pageDown) return ['pagedown'];
  if (key.home) return ['home'];
  if (key.end) return ['end'];
  if (key.return) return ['enter'];
  if (key.escape) return ['esc'];
  if (key.tab) return [key.shift ? 'shift-tab' : 'tab'];
  if (key.backspace || key.delete) return ['backspace'];
  if (key.ctrl && input.length === 1 && /[a-z]/i.test(input)) return [`ctrl-${input.toLowerCase()}`];
  // Alt/Meta combinations are not bound to anything.
  if (key.meta) return [];
  if (input === '' || UNKNOWN_SEQUENCE.test(input)) return [];
  const names: KeyName[] = [];
  for (const ch of input) {
    const name = charKey(ch);
    if (name !== null) names.push(name);
  }
  return names;
}

/** The text a key types into a prompt, or null when it is not text. */
export function typedText(name: KeyName): string | null {
  if (name === 'space') return ' ';
  return [...name].length === 1 ? name : null;
}

/** How a key name is written in help and the README. */
export function keyLabel(name: KeyName): string {
  switch (name) {
    case 'enter':
      return 'Enter';
    case 'esc':
      return 'Esc';
    case 'tab':
      return 'Tab';
    case 'shift-tab':
      return 'Shift-Tab';
    case 'backspace':
      return 'Backspace';
    case 'space':
      return 'space';
    case 'up':
      return 'Up';
    case 'down':
      return 'Down';
    case 'left':
      return 'Left';
    case 'right':
      return 'Right';
    case 'pageup':
      return 'PgUp';
    case 'pagedown':
      return 'PgDn';
    case 'home':
      return 'Home';
    case 'end':
      return 'End';
    default:
      return name;
  }
}
