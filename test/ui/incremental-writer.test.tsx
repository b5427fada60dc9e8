// Ink's incremental writer (render option `incrementalRendering`, patched by
// scripts/dependency-edits.mjs): successive frames replayed into a screen model must show exactly
// the latest frame. Unpatched Ink 6.8 moves the cursor up one line too few, so the first line
// of the previous frame stays on screen and the new frame lands one row lower.
import { Box, Text, render } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeStdout, settle } from '../helpers/render.js';
import { Screen } from '../helpers/screen.js';

function Frame({ lines }: { lines: string[] }): React.JSX.Element {
  return (
    <Box flexDirection="column">
      {lines.map((line, i) => (
        <Text key={i}>{line}</Text>
      ))}
    </Box>
  );
}

const COLS = 40;
const ROWS = 10;
let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

async function renderFrames(frames: string[][]): Promise<{ screen: Screen; writes: string[] }> {
  const stdout = new FakeStdout(COLS, ROWS);
  const instance = render(<Frame lines={frames[0]!} />, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    patchConsole: false,
    incrementalRendering: true,
    maxFps: 1000,
  });
  unmount = () => instance.unmount();
  await settle(10);
  const perFrame = [stdout.output];
  for (const lines of frames.slice(1)) {
    const before = stdout.writes.length;
    instance.rerender(<Frame lines={lines} />);
    await settle(10);
    perFrame.push(stdout.writes.slice(before).join(''));
  }
  const screen = new Screen(COLS, ROWS);
  screen.write(stdout.output);
  return { screen, writes: perFrame };
}

const frameA = ['header', 'alpha 1', 'beta 1', 'gamma 1', 'footer'];
const frameB = ['header', 'alpha 1', 'beta 2', 'gamma 1', 'footer'];
const frameC = ['header', 'alpha 3', 'beta 2', 'gamma 1', 'footer'];

describe("Ink's incremental writer", () => {
  it('shows exactly the latest frame after updates of one line, with no stale first line', async () => {
    const { screen } = await renderFrames([frameA, frameB, frameC]);
    expect(screen.text().slice(0, frameC.length)).toEqual(frameC);
    expect(
      screen
        .text()
        .slice(frameC.length)
        .every((l) => l === ''),
    ).toBe(true);
  });

  it('rewrites only the changed line, wrapped in synchronized-output markers', async () => {
    const { writes } = await renderFrames([frameA, frameB]);
    const update = writes[1]!;
    expect(update).toContain('beta 2');
    for (const same of ['header', 'alpha 1', 'gamma 1', 'footer']) expect(update).not.toContain(same);
    expect(update.startsWith('\u001b[?2026h')).toBe(true);
    expect(update.endsWith('\u001b[?2026l')).toBe(true);
    // The cursor returns to the frame's first line: one up per line below it.
    expect(update).toContain(`\u001b[${frameA.length}A`);
  });

  it('handles a frame that grows and one that shrinks', async () => {
    const { screen } = await renderFrames([frameA, [...frameB, 'extra'], ['only', 'two']]);
    expect(screen.text().slice(0, 3)).toEqual(['only', 'two', '']);
    expect(screen.text().every((l, i) => i < 2 || l === '')).toBe(true);
  });
});
