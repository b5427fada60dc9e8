// Inside tmux, the OSC 52 copy (src/text/osc52.ts) reaches the user's clipboard only when tmux
// passes it on: `set-clipboard on`, or `allow-passthrough on` for the wrapped copy. tmux's
// default (`external`, `off`) takes neither, so `y` asks tmux once and says when the copy may
// not have arrived.
import { execFile } from 'node:child_process';

/** What to tell the user given tmux's two options (as `show-options -v` prints them); null when the copy passes. */
export function tmuxClipboardWarning(setClipboard: string, allowPassthrough: string): string | null {
  const clipboard = setClipboard.trim();
  const passthrough = allowPassthrough.trim();
  if (clipboard === 'on' || passthrough === 'on' || passthrough === 'all') return null;
  return `but tmux may not pass it on (set-clipboard ${clipboard || 'unset'}): run tmux set -g set-clipboard on`;
}

function tmuxOption(args: string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile('tmux', ['show-options', ...args], { timeout: 2000 }, (err, stdout) => resolve(err ? '' : stdout));
  });
}

let asked: Promise<string | null> | undefined;

/** The warning for this tmux (asked once per process), or null outside tmux or when the copy passes. */
export function tmuxClipboardCheck(env: { TMUX?: string | undefined }): Promise<string | null> {
  if (!env.TMUX) return Promise.resolve(null);
  asked ??= Promise.all([tmuxOption(['-gqv', 'set-clipboard']), tmuxOption(['-gwqv', 'allow-passthrough'])]).then(
    ([clipboard, passthrough]) => (clipboard === '' ? null : tmuxClipboardWarning(clipboard, passthrough)),
  );
  return asked;
}
