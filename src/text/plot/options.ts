// Options every plot renderer takes.

export interface PlotTextOptions {
  width: number;
  height: number;
  color: boolean;
  ascii: boolean;
}
