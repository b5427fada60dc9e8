// Reads `tmux capture-pane -e` output back into cells: each character with the foreground and
// background colour in effect (24-bit `r,g,b`, `c<n>` for a 256-colour index, null for default).

export interface StyledCell {
  ch: string;
  fg: string | null;
  bg: string | null;
}

/** One row per screen line, one entry per character. */
export function styledCells(screen: string): StyledCell[][] {
  const rows: StyledCell[][] = [];
  let fg: string | null = null;
  let bg: string | null = null;
  for (const line of screen.replace(/\n$/, '').split('\n')) {
    const row: StyledCell[] = [];
    const tokens = line.split(/(\u001b\[[0-9;:]*m|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\))/);
    for (const token of tokens) {
      if (token === '') continue;
      if (token.startsWith('\u001b]')) continue;
      if (token.startsWith('\u001b[')) {
        const params = token.slice(2, -1).split(/[;:]/).map(Number);
        for (let i = 0; i < params.length; i += 1) {
          const p = params[i] ?? 0;
          if (p === 0) [fg, bg] = [null, null];
          else if (p === 39) fg = null;
          else if (p === 49) bg = null;
          else if ((p === 38 || p === 48) && params[i + 1] === 2) {
            const color = `${params[i + 2]},${params[i + 3]},${params[i + 4]}`;
            if (p === 38) fg = color;
            else bg = color;
            i += 4;
          } else if ((p === 38 || p === 48) && params[i + 1] === 5) {
            const color = `c${params[i + 2]}`;
            if (p === 38) fg = color;
            else bg = color;
            i += 2;
          }
        }
        continue;
      }
      for (const ch of token) row.push({ ch, fg, bg });
    }
    rows.push(row);
  }
  return rows;
}
