// A counting semaphore: at most `size` holders at once, the others wait in arrival order.
export class Slots {
  private used = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  /** Resolves when a slot is free; call the function it gives to free it again. */
  async take(): Promise<() => void> {
    if (this.used < this.size) this.used++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.used--;
    };
  }
}
