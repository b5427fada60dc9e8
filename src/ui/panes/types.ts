/** What every pane component gets from the layout: its outer size and whether it has focus. */
export interface PaneProps {
  width: number;
  height: number;
  focused: boolean;
  /** Report links as OSC 8 hyperlinks (the report details pane draws links). */
  hyperlinks?: boolean;
}
