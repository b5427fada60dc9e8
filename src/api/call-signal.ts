// One call's abort signal: the caller's signal or the call's deadline, whichever fires first.
// AbortSignal.any([caller, AbortSignal.timeout(ms)]) says the same with two more signals, weak
// references and finalization-registry entries per call; at a few calls a second for days, in
// a process that is otherwise asleep, that was a measurable part of the monitor's idle CPU.
export class CallSignal {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private expired = false;

  constructor(
    totalMs: number,
    private readonly caller: AbortSignal | undefined,
  ) {
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    }, totalMs);
    // As AbortSignal.timeout: a deadline alone keeps no process alive.
    this.timer.unref();
    caller?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** True once the deadline fired (not the caller). */
  get passed(): boolean {
    return this.expired;
  }

  /** The call is over: its timer and its listener on the caller's signal go. */
  dispose(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }

  private readonly onCallerAbort = (): void => {
    this.controller.abort(this.caller?.reason);
  };
}
