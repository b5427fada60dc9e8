import { afterEach, describe, expect, it } from 'vitest';
import { detectGraphics, detectGraphicsInBackground, inlineImageSequence } from '../../src/ui/terminal-graphics.js';

const never = (): boolean => {
  throw new Error('tmux asked although the answer was known');
};

describe('detectGraphics', () => {
  it('draws 24-bit colour when COLORTERM says so, 256 colours otherwise, shades without colour', () => {
    expect(detectGraphics({ TERM: 'xterm-256color', COLORTERM: 'truecolor' }, true, never).mode).toBe('truecolor');
    expect(detectGraphics({ TERM: 'xterm-256color', COLORTERM: '24bit' }, true, never).mode).toBe('truecolor');
    expect(detectGraphics({ TERM: 'xterm-256color' }, true, never).mode).toBe('ansi256');
    expect(detectGraphics({ TERM: 'xterm-256color', COLORTERM: 'truecolor' }, false, never).mode).toBe('shade');
  });

  it("inside tmux asks tmux for the client's RGB feature (Tc) when COLORTERM does not say", () => {
    const env = { TERM: 'tmux-256color', TMUX: '/tmp/tmux-1/default,1,0' };
    expect(detectGraphics(env, true, () => true).mode).toBe('truecolor');
    expect(detectGraphics(env, true, () => false).mode).toBe('ansi256');
  });

  describe('in the background', () => {
    const tmuxEnv = process.env.TMUX;
    afterEach(() => {
      if (tmuxEnv === undefined) delete process.env.TMUX;
      else process.env.TMUX = tmuxEnv;
    });

    it('settles for 256 colours when the tmux server named by TMUX does not answer', async () => {
      // tmux finds its server through TMUX: a socket that does not exist makes the real tmux fail.
      process.env.TMUX = '/nonexistent/tracktop-test-tmux.sock,1,0';
      const env = { TERM: 'tmux-256color', TMUX: process.env.TMUX };
      await expect(detectGraphicsInBackground(env, true)).resolves.toMatchObject({
        mode: 'ansi256',
        multiplexed: true,
      });
    });

    it('answers from COLORTERM and the colour flag as the synchronous detection does', async () => {
      const env = { TERM: 'tmux-256color', TMUX: 'x', COLORTERM: 'truecolor' };
      await expect(detectGraphicsInBackground(env, true)).resolves.toEqual(detectGraphics(env, true, never));
      await expect(detectGraphicsInBackground(env, false)).resolves.toEqual(detectGraphics(env, false, never));
    });
  });

  it('offers kitty or iTerm2 graphics only outside tmux and screen', () => {
    expect(detectGraphics({ TERM: 'xterm-kitty' }, true, never)).toMatchObject({
      protocol: 'kitty',
      multiplexed: false,
    });
    expect(detectGraphics({ TERM_PROGRAM: 'iTerm.app', TERM: 'xterm-256color' }, true, never).protocol).toBe('iterm2');
    const inTmux = detectGraphics({ TERM: 'xterm-kitty', TMUX: 'x', COLORTERM: 'truecolor' }, true, never);
    expect(inTmux).toMatchObject({ protocol: null, multiplexed: true });
    expect(detectGraphics({ TERM: 'screen-256color' }, true, never).multiplexed).toBe(true);
  });
});

describe('inlineImageSequence', () => {
  const bytes = new Uint8Array(5000).fill(7);

  it("writes kitty's graphics protocol in chunks of 4096 base64 bytes, sized in cells", () => {
    const seq = inlineImageSequence('kitty', bytes, 40, 12);
    const chunks = seq.split('\u001b\\').filter((c) => c !== '');
    expect(chunks[0]).toMatch(/^\u001b_Ga=T,f=100,c=40,r=12,C=1,q=2,m=1;/);
    expect(chunks.at(-1)).toMatch(/^\u001b_Gm=0;/);
    const payload = chunks.map((c) => c.slice(c.indexOf(';') + 1)).join('');
    expect(Buffer.from(payload, 'base64')).toEqual(Buffer.from(bytes));
  });

  it("writes iTerm2's inline image with its size in cells", () => {
    const seq = inlineImageSequence('iterm2', bytes, 40, 12);
    expect(seq).toBe(
      `\u001b]1337;File=inline=1;size=5000;width=40;height=12;preserveAspectRatio=1:${Buffer.from(bytes).toString('base64')}\u0007`,
    );
  });
});
