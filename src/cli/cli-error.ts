// An error the user can act on, with the exit code to end with. Its own module so that the
// entry point can recognise it without loading the connection code.
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
