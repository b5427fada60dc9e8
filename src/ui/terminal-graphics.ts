// What the terminal can show of an image: the half-block colour mode (24-bit where the
// terminal says so, COLORTERM or tmux's RGB/Tc feature; 256 colours where TERM says 256; the 16
// system colours otherwise, as TERM=screen or xterm; shades without colour) and whether a full-resolution graphics protocol (kitty, iTerm2) is usable, which it
// never is inside tmux or screen.
import { execFile } from 'node:child_process';
import { createContext } from 'react';
import type { ImageColorMode } from '../text/image-blocks.js';

export type GraphicsProtocol = 'kitty' | 'iterm2';

export interface GraphicsSupport {
  mode: ImageColorMode;
  protocol: GraphicsProtocol | null;
  /** Inside tmux or GNU screen (the reason a protocol is not available). */
  multiplexed: boolean;
}

type Env = Record<string, string | undefined>;

export const NO_GRAPHICS: GraphicsSupport = { mode: 'ansi256', protocol: null, multiplexed: false };

export const GraphicsContext = createContext<GraphicsSupport>(NO_GRAPHICS);

/** The web UI's address, when known: the run shown links to its page there. */
export const WebUiContext = createContext<string | undefined>(undefined);

/**
 * Asks the tmux server whether the attached client has 24-bit colour (its RGB/Tc feature),
 * without blocking: a synchronous spawn held up the monitor's first frame.
 */
export function tmuxHasRgb(): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(
      'tmux',
      ['display-message', '-p', '#{client_termfeatures}'],
      { timeout: 500, encoding: 'utf8' },
      (err, features) => resolve(err === null && /\bRGB\b/.test(features)),
    );
  });
}

/** `askTmux` runs only inside tmux when COLORTERM does not already say 24-bit. */
export function detectGraphics(env: Env, color: boolean, askTmux: () => boolean): GraphicsSupport {
  const term = env.TERM ?? '';
  const multiplexed = Boolean(env.TMUX) || Boolean(env.STY) || /^(screen|tmux)/.test(term);
  let protocol: GraphicsProtocol | null = null;
  if (!multiplexed) {
    if (term === 'xterm-kitty' || env.KITTY_WINDOW_ID || env.TERM_PROGRAM === 'ghostty') protocol = 'kitty';
    else if (env.TERM_PROGRAM === 'iTerm.app' || env.TERM_PROGRAM === 'WezTerm') protocol = 'iterm2';
  }
  if (!color) return { mode: 'shade', protocol, multiplexed };
  const colorterm = (env.COLORTERM ?? '').toLowerCase();
  const truecolor =
    colorterm === 'truecolor' || colorterm === '24bit' || (Boolean(env.TMUX) && askTmux()) || protocol !== null;
  return { mode: truecolor ? 'truecolor' : /256col/.test(term) ? 'ansi256' : 'ansi16', protocol, multiplexed };
}

/** detectGraphics asking tmux (only when it needs to) through the non-blocking tmuxHasRgb. */
export async function detectGraphicsInBackground(env: Env, color: boolean): Promise<GraphicsSupport> {
  let asked = false;
  const unasked = detectGraphics(env, color, () => {
    asked = true;
    return false;
  });
  if (!asked) return unasked;
  const rgb = await tmuxHasRgb();
  return detectGraphics(env, color, () => rgb);
}

const ESC = '\u001b';
const KITTY_CHUNK = 4096;

/**
 * The bytes that draw an encoded PNG/JPEG at the cursor, `columns` x `rows` cells (aspect
 * kept by the terminal): kitty's graphics protocol (PNG only, chunked base64) or iTerm2's
 * inline images.
 */
export function inlineImageSequence(
  protocol: GraphicsProtocol,
  bytes: Uint8Array,
  columns: number,
  rows: number,
): string {
  const base64 = Buffer.from(bytes).toString('base64');
  if (protocol === 'iterm2') {
    return `${ESC}]1337;File=inline=1;size=${bytes.length};width=${columns};height=${rows};preserveAspectRatio=1:${base64}\u0007`;
  }
  let out = '';
  for (let i = 0; i < base64.length; i += KITTY_CHUNK) {
    const more = i + KITTY_CHUNK < base64.length ? 1 : 0;
    const head = i === 0 ? `a=T,f=100,c=${columns},r=${rows},C=1,q=2,m=${more}` : `m=${more}`;
    out += `${ESC}_G${head};${base64.slice(i, i + KITTY_CHUNK)}${ESC}\\`;
  }
  return out;
}

/** Removes every kitty image (the full-resolution view closed). */
export const KITTY_DELETE_ALL = `${ESC}_Ga=d,q=2${ESC}\\`;
