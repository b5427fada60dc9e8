// Plain-ASCII stand-ins for the glyphs that come inside log lines (tqdm bars, box-drawn tables,
// braille sparklines, arrows, bullets), for `--ascii`: the terminals it is for show these as
// garbage. Other characters pass through unchanged. asciiCells() goes further, for what is
// written to such a terminal: every character becomes ASCII, each in the columns it took.
import { clusterEnd, clusterWidth } from './width.js';

/** Block elements U+2580–U+259F, in code point order. */
const BLOCKS = `"__--==######---|.:#-|${'#'.repeat(10)}`;

/** Box drawing U+2574–U+257F (half lines). */
const HALF_LINES = '-|-|-|-|-|-|';

const SINGLE: Record<string, string> = {
  '\u2026': '...', // …
  '\u2022': '*', // •
  '\u2023': '>', // ‣
  '\u2043': '-', // ⁃
  '\u2219': '.', // ∙
  '\u00b7': '.', // ·
  '\u25a0': '#', // ■
  '\u25a1': 'o', // □
  '\u25aa': '*', // ▪
  '\u25ab': 'o', // ▫
  '\u25cf': '*', // ●
  '\u25cb': 'o', // ○
  '\u25e6': 'o', // ◦
  '\u25b6': '>', // ▶
  '\u25b8': '>', // ▸
  '\u25c0': '<', // ◀
  '\u25c2': '<', // ◂
  '\u2713': 'v', // ✓
  '\u2714': 'v', // ✔
  '\u2717': 'x', // ✗
  '\u2718': 'x', // ✘
  '\u2794': '>', // ➔
  '\u279c': '>', // ➜
  '\u27f5': '<', // ⟵
  '\u27f6': '>', // ⟶
  '\u2190': '<', // ←
  '\u2191': '^', // ↑
  '\u2192': '>', // →
  '\u2193': 'v', // ↓
  '\u2194': '-', // ↔
  '\u2195': '|', // ↕
  '\u21d0': '<', // ⇐
  '\u21d2': '>', // ⇒
  '\u21d1': '^', // ⇑
  '\u21d3': 'v', // ⇓
};

/** Characters with a stand-in: the ranges the loop below maps, plus the single ones. */
const MAPPED = new RegExp(`[\\u2190-\\u21ff\\u2500-\\u259f\\u2800-\\u28ff${Object.keys(SINGLE).join('')}]`, 'u');

function boxDrawing(code: number): string {
  // Light, heavy and dashed lines come in pairs: horizontal, vertical, horizontal, ...
  if (code <= 0x250b) return (code - 0x2500) % 4 < 2 ? '-' : '|';
  if (code >= 0x254c && code <= 0x254f) return code < 0x254e ? '-' : '|';
  if (code === 0x2550) return '=';
  if (code === 0x2551) return '|';
  if (code === 0x2571) return '/';
  if (code === 0x2572) return '\\';
  if (code === 0x2573) return 'X';
  if (code >= 0x2574) return HALF_LINES[code - 0x2574] ?? '+';
  // Corners, tees and crosses (square, double and rounded).
  return '+';
}

/** Braille cells by how many dots they have: blank, sparse, medium, dense. */
function braille(code: number): string {
  let bits = code - 0x2800;
  let dots = 0;
  while (bits > 0) {
    dots += bits & 1;
    bits >>= 1;
  }
  if (dots === 0) return ' ';
  return dots <= 2 ? '.' : dots <= 5 ? ':' : '#';
}

function asciiChar(ch: string): string {
  const single = SINGLE[ch];
  if (single !== undefined) return single;
  const code = ch.codePointAt(0) ?? 0;
  if (code >= 0x2580 && code <= 0x259f) return BLOCKS[code - 0x2580] ?? '#';
  if (code >= 0x2500 && code <= 0x257f) return boxDrawing(code);
  if (code >= 0x2800 && code <= 0x28ff) return braille(code);
  // Other arrows (U+2190–U+21FF).
  return '>';
}

/** `text` with block, box-drawing, braille, arrow, bullet and ellipsis glyphs as ASCII. */
export function asciiGlyphs(text: string): string {
  if (!MAPPED.test(text)) return text;
  let out = '';
  for (const ch of text) out += MAPPED.test(ch) ? asciiChar(ch) : ch;
  return out;
}

/** Shading and other glyphs with a one-column stand-in where asciiChar's is longer or coarser. */
const ONE_CELL: Record<string, string> = {
  '\u2026': '~', // …
  '\u2591': '.', // ░
  '\u2592': ':', // ▒
  '\u2593': '%', // ▓
  '\u2588': '#', // █
  '\u2013': '-', // –
  '\u2014': '-', // —
  '\u203a': '>', // ›
  '\u2039': '<', // ‹
  '\u00d7': 'x', // ×
  '\u2018': "'", // ‘
  '\u2019': "'", // ’
  '\u201c': '"', // “
  '\u201d': '"', // ”
};

/**
 * `text` with no character outside ASCII, for a terminal without UTF-8 (`--ascii`): glyphs as
 * asciiGlyphs() draws them (the ellipsis as `~`), anything else as `?`, each in as many
 * columns as it took (a wide character as `??`), so the frame keeps its layout. Escape
 * sequences are ASCII and pass through.
 */
export function asciiCells(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[^\u0000-\u007f]/.test(text)) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      out += text[i];
      i += 1;
      continue;
    }
    const end = clusterEnd(text, i, text.length);
    const cluster = text.slice(i, end);
    const width = clusterWidth(text, i, end);
    const first = String.fromCodePoint(cluster.codePointAt(0) ?? 0x3f);
    const stand = ONE_CELL[first] ?? (MAPPED.test(first) ? asciiChar(first) : '?');
    out += width === 0 ? '' : stand.length === width ? stand : (stand[0] ?? '?').repeat(width);
    i = end;
  }
  return out;
}
