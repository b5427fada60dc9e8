// tracktop's entry point: parse argv, run one command, return the exit code. Every error a
// user can cause ends here as one clear line, never a stack trace.
// Start-up time is module loading: each command imports what it needs when it runs (the
// bundle puts each behind its own chunk), so `--version` and `--help` load no UI, HTTP
// client, server or SQLite code. Only dependency-free modules are imported here.
import { isApiError } from './api/errors.js';
import { parseCommandLine, UsageError } from './cli/args.js';
import { usageOf } from './cli/usage.js';
import { CliError } from './cli/cli-error.js';
import { phases } from './cli/phases.js';
import { ConfigError } from './config/config-error.js';
import { sanitize } from './text/sanitize.js';
import { VERSION } from './version.js';

export async function main(argv: string[]): Promise<number> {
  // Server answers, config files and error messages can hold escape sequences: everything
  // printed goes through the one sanitiser.
  const out = (text: string): void => void process.stdout.write(`${sanitize(text, { multiline: true })}\n`);
  const err = (text: string): void => void process.stderr.write(`tracktop: ${sanitize(text, { multiline: true })}\n`);
  phases.mark('main');
  try {
    const args = parseCommandLine(argv);
    switch (args.command) {
      case 'help':
        out(usageOf(args.topic));
        return 0;
      case 'version':
        out(`tracktop ${VERSION}`);
        return 0;
      case 'config': {
        const [{ profileFromArgs }, { formatProfile, missingSettings }] = await Promise.all([
          import('./cli/connection.js'),
          import('./config/index.js'),
        ]);
        const profile = profileFromArgs(args.values);
        out(formatProfile(profile));
        const missing = missingSettings(profile);
        if (missing) out(`\n${missing}`);
        return 0;
      }
      case 'check': {
        const [{ clientFromProfile, profileFromArgs }, { runCheck }] = await Promise.all([
          import('./cli/connection.js'),
          import('./cli/check.js'),
        ]);
        const client = clientFromProfile(profileFromArgs(args.values));
        try {
          const result = await runCheck(client);
          out(result.lines.join('\n'));
          return result.ok ? 0 : 1;
        } finally {
          await client.close();
        }
      }
      case 'export': {
        const { runExport } = await import('./cli/export/index.js');
        return await runExport(args);
      }
      default: {
        const { runCommand } = await import('./cli/run-commands.js');
        return await runCommand(args);
      }
    }
  } catch (e) {
    if (e instanceof UsageError) {
      err(e.message);
      process.stderr.write(`\n${usageOf(e.command)}`);
      return 2;
    }
    if (e instanceof ConfigError || e instanceof CliError) {
      err(e.message);
      return e instanceof CliError ? e.exitCode : 1;
    }
    if (isApiError(e)) {
      err(e.describe());
      return 1;
    }
    err(e instanceof Error ? e.message : String(e));
    return 1;
  }
}
