// OSC 52: ask the terminal to put text on the system clipboard. Works over SSH, because the
// terminal emulator on the user's machine does the copy.

const ESC = '\u001b';
const BEL = '\u0007';
/** Passthrough payload per DCS for GNU screen, which drops longer control strings. */
const SCREEN_CHUNK = 76;
/** Base64 length many terminals accept for OSC 52 (xterm's default limit is about this). */
export const OSC52_MAX_BASE64 = 100_000;

interface ClipboardEnv {
  /** Set inside tmux. */
  TMUX?: string | undefined;
  /** Set inside GNU screen. */
  STY?: string | undefined;
}

/** The plain OSC 52 sequence setting the clipboard to `text` (UTF-8, base64). */
function osc52(base64: string): string {
  return `${ESC}]52;c;${base64}${BEL}`;
}

/**
 * Bytes to write to the terminal to copy `text`, or undefined when it is too long for terminals
 * to accept. Inside tmux the sequence is sent both plainly (taken when tmux has
 * `set-clipboard on`) and wrapped in a DCS passthrough with every ESC doubled (taken when
 * tmux has `allow-passthrough on`); inside GNU screen it is wrapped in DCS strings of at most
 * 76 bytes.
 */
export function clipboardSequence(text: string, env: ClipboardEnv): string | undefined {
  const base64 = Buffer.from(text, 'utf8').toString('base64');
  if (base64.length > OSC52_MAX_BASE64) return undefined;
  const sequence = osc52(base64);
  if (env.TMUX) {
    return sequence + `${ESC}Ptmux;${sequence.replaceAll(ESC, ESC + ESC)}${ESC}\\`;
  }
  if (env.STY) {
    let out = '';
    for (let i = 0; i < sequence.length; i += SCREEN_CHUNK) {
      out += `${ESC}P${sequence.slice(i, i + SCREEN_CHUNK)}${ESC}\\`;
    }
    return out;
  }
  return sequence;
}
