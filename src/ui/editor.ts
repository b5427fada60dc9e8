// `e` on a draft report (its body) or on a task (its hyperparameters, to rerun with changes):
// the text goes to a temporary file, $VISUAL / $EDITOR (else vi) runs on the real terminal, and
// the edited text comes back. The monitor's screen is handed over and taken back around it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EditOutcome } from '../store/types.js';

export type { EditOutcome };

/** `$VISUAL`, else `$EDITOR`, else `vi`. */
export function editorCommand(env: NodeJS.ProcessEnv): string {
  const visual = env.VISUAL?.trim();
  if (visual) return visual;
  const editor = env.EDITOR?.trim();
  return editor ? editor : 'vi';
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * Runs the editor on `text` and waits for it (the event loop is blocked meanwhile, so the
 * monitor reads no keys the editor should get). The editor command may carry arguments
 * (`code --wait`), so it runs through the shell.
 */
export function editText(text: string, env: NodeJS.ProcessEnv, fileName = 'report.md'): EditOutcome {
  const dir = mkdtempSync(join(tmpdir(), 'tracktop-edit-'));
  const file = join(dir, fileName);
  try {
    writeFileSync(file, text, { encoding: 'utf8', mode: 0o600 });
    const command = editorCommand(env);
    const result = spawnSync(`${command} ${shellQuote(file)}`, { shell: true, stdio: 'inherit', env });
    if (result.error) return { text: null, error: `could not run ${command}: ${result.error.message}` };
    if (result.status !== 0)
      return { text: null, error: `${command} exited with ${result.status ?? result.signal}; nothing saved` };
    return { text: readFileSync(file, 'utf8'), error: null };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
