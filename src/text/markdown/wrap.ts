// Word wrapping: inline items laid out in lines of a given width.

import { displayWidth, truncateToWidth } from '../width.js';
import { firstGrapheme } from './decode.js';
import { fragsWidth, sameStyle } from './serialize.js';
import type { Frag, InlineItem, Out } from './types.js';

interface Word {
  frags: Frag[];
}

/** Lays inline items out in lines of `width`; widgets end the current text and stand alone. */
export function wrapItems(items: InlineItem[], width: number): Out[] {
  const out: Out[] = [];
  let words: Word[] = [];
  let current: Frag[] = [];
  const endWord = (): void => {
    if (current.length > 0) words.push({ frags: current });
    current = [];
  };
  const flushLines = (): void => {
    endWord();
    if (words.length > 0) for (const frags of fillLines(words, width)) out.push({ kind: 'text', frags });
    words = [];
  };
  for (const item of items) {
    if (item.kind === 'widget') {
      flushLines();
      out.push(item);
      continue;
    }
    if (item.kind === 'break') {
      flushLines();
      continue;
    }
    const parts = item.frag.text.split(/( +)/);
    parts.forEach((part) => {
      if (part === '') return;
      if (part.startsWith(' ')) endWord();
      else current.push({ text: part, style: item.frag.style });
    });
  }
  flushLines();
  return out;
}

function splitLongWord(word: Word, width: number): Word[] {
  const pieces: Word[] = [];
  let current: Frag[] = [];
  let used = 0;
  const endPiece = (): void => {
    if (current.length > 0) pieces.push({ frags: current });
    current = [];
    used = 0;
  };
  for (const f of word.frags) {
    let rest = f.text;
    while (rest !== '') {
      let head = truncateToWidth(rest, width - used);
      if (head === '') {
        if (used > 0) {
          endPiece();
          continue;
        }
        head = firstGrapheme(rest); // wider than the whole line: it goes alone
      }
      current.push({ text: head, style: f.style });
      used += displayWidth(head);
      rest = rest.slice(head.length);
      if (rest !== '') endPiece();
    }
  }
  endPiece();
  return pieces;
}

function fillLines(words: Word[], width: number): Frag[][] {
  const lines: Frag[][] = [];
  let line: Frag[] = [];
  let used = 0;
  const queue = [...words];
  for (let word = queue.shift(); word !== undefined; word = queue.shift()) {
    const w = fragsWidth(word.frags);
    if (w > width) {
      if (used > 0) {
        lines.push(line);
        line = [];
        used = 0;
      }
      queue.unshift(...splitLongWord(word, width));
      const first = queue.shift();
      if (first === undefined) continue;
      line = [...first.frags];
      used = fragsWidth(first.frags);
      continue;
    }
    const needed = used === 0 ? w : used + 1 + w;
    if (needed > width && used > 0) {
      lines.push(line);
      line = [...word.frags];
      used = w;
      continue;
    }
    if (used > 0) {
      // A space inside a styled run (a link, a bold phrase) takes that style.
      const before = line[line.length - 1]?.style;
      const after = word.frags[0]?.style;
      line.push({
        text: ' ',
        style: before !== undefined && after !== undefined && sameStyle(before, after) ? before : {},
      });
    }
    line.push(...word.frags);
    used = needed;
  }
  if (line.length > 0) lines.push(line);
  return lines;
}
