// Types for asciichart 1.5 (the package ships none), limited to what tracktop uses.
declare module 'asciichart' {
  export interface PlotConfig {
    /** Rows of the plot minus one (the output has height + 1 lines). */
    height?: number;
    min?: number;
    max?: number;
    /** Column of the y axis (at least 2). */
    offset?: number;
    padding?: string;
    /** Label of a row: its value and its index from the top. */
    format?: (value: number, index: number) => string;
    /** SGR sequences, one per series. */
    colors?: (string | undefined)[];
    /** [axis at zero / first value, axis, ╶, ╴, horizontal, ╰, ╭, ╮, ╯, vertical] */
    symbols?: string[];
  }
  /** Throws on an empty series and on NaN, Infinity or undefined values. */
  export function plot(series: number[] | number[][], config?: PlotConfig): string;
  export const reset: string;
  const asciichart: { plot: typeof plot; reset: string };
  export default asciichart;
}
