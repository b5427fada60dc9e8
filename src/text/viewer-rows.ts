// The text viewer's width inside its frame: pure, so the key actions (paging by the viewer's
// height) and the TextViewer component agree without importing each other.

/** Columns of text inside a viewer `cols` wide (its frame takes two). */
export function viewerTextWidth(cols: number): number {
  return Math.max(1, cols - 2);
}
