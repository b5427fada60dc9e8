// `y` inside tmux: whether tmux passes the OSC 52 copy on, from its two options.
import { describe, expect, it } from 'vitest';
import { tmuxClipboardCheck, tmuxClipboardWarning } from '../../src/ui/tmux-clipboard.js';

describe('tmux clipboard check', () => {
  it("warns with tmux's defaults and not when either option lets the copy through", () => {
    expect(tmuxClipboardWarning('external\n', 'off\n')).toBe(
      'but tmux may not pass it on (set-clipboard external): run tmux set -g set-clipboard on',
    );
    expect(tmuxClipboardWarning('off', '')).toMatch(/set-clipboard off/);
    expect(tmuxClipboardWarning('on\n', 'off\n')).toBeNull();
    expect(tmuxClipboardWarning('external', 'on')).toBeNull();
    expect(tmuxClipboardWarning('external', 'all')).toBeNull();
  });

  it('says nothing outside tmux', async () => {
    expect(await tmuxClipboardCheck({})).toBeNull();
  });
});
