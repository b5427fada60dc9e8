import { describe, expect, it } from 'vitest';
import { editText, editorCommand } from '../../src/ui/editor.js';

describe('editText', () => {
  it('returns the text as the editor left it', () => {
    // sed stands in for an interactive editor: it edits the file in place and exits 0.
    const outcome = editText('a draft body\nsecond line\n', { EDITOR: "sed -i 's/draft/final/'" });
    expect(outcome).toEqual({ text: 'a final body\nsecond line\n', error: null });
  });

  it('saves nothing and says why when the editor fails', () => {
    const outcome = editText('body', { EDITOR: 'false' });
    expect(outcome.text).toBeNull();
    expect(outcome.error).toMatch(/^false exited with 1/);
  });

  it('prefers VISUAL, then EDITOR, then vi', () => {
    expect(editorCommand({ VISUAL: 'nano', EDITOR: 'vim' })).toBe('nano');
    expect(editorCommand({ EDITOR: 'code --wait' })).toBe('code --wait');
    expect(editorCommand({ EDITOR: '  ' })).toBe('vi');
  });
});
