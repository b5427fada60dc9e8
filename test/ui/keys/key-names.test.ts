import { describe, expect, it } from 'vitest';
import type { Key } from 'ink';
import { decodeInput, keyLabel, typedText } from '../../../src/ui/keys/key-names.js';

const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

const key = (flags: Partial<Key>): Key => ({ ...NO_KEY, ...flags });

describe('decodeInput', () => {
  it('splits batched typed keys into one press per character', () => {
    expect(decodeInput('jjj', NO_KEY)).toEqual(['j', 'j', 'j']);
    expect(decodeInput('ab\r', NO_KEY)).toEqual(['a', 'b', 'enter']);
  });

  it('reads control characters inside a batch as their keys', () => {
    expect(decodeInput('x\u007fy\t\u000c ', NO_KEY)).toEqual(['x', 'backspace', 'y', 'tab', 'ctrl-l', 'space']);
  });

  it('treats Ink 6 delete (what backspace sends) and backspace alike', () => {
    expect(decodeInput('', key({ delete: true }))).toEqual(['backspace']);
    expect(decodeInput('', key({ backspace: true }))).toEqual(['backspace']);
  });

  it('names arrows, paging, enter, escape and tab keys', () => {
    expect(decodeInput('', key({ downArrow: true }))).toEqual(['down']);
    expect(decodeInput('', key({ pageUp: true }))).toEqual(['pageup']);
    expect(decodeInput('', key({ return: true }))).toEqual(['enter']);
    expect(decodeInput('', key({ escape: true, meta: true }))).toEqual(['esc']);
    expect(decodeInput('', key({ tab: true }))).toEqual(['tab']);
    expect(decodeInput('', key({ tab: true, shift: true }))).toEqual(['shift-tab']);
  });

  it('names ctrl combinations ctrl-<letter>', () => {
    expect(decodeInput('l', key({ ctrl: true }))).toEqual(['ctrl-l']);
    expect(decodeInput('d', key({ ctrl: true }))).toEqual(['ctrl-d']);
  });

  it('keeps shifted letters as typed', () => {
    expect(decodeInput('G', key({ shift: true }))).toEqual(['G']);
  });

  it('drops alt combinations and escape sequences Ink does not know', () => {
    expect(decodeInput('x', key({ meta: true }))).toEqual([]);
    expect(decodeInput('[15~', NO_KEY)).toEqual([]);
    expect(decodeInput('OP', NO_KEY)).toEqual([]);
  });
});

describe('typedText and keyLabel', () => {
  it('types printable keys and space, nothing for named keys', () => {
    expect(typedText('a')).toBe('a');
    expect(typedText('é')).toBe('é');
    expect(typedText('space')).toBe(' ');
    expect(typedText('enter')).toBeNull();
    expect(typedText('ctrl-u')).toBeNull();
  });

  it('writes named keys the way help and the README show them', () => {
    expect(keyLabel('pagedown')).toBe('PgDn');
    expect(keyLabel('shift-tab')).toBe('Shift-Tab');
    expect(keyLabel('j')).toBe('j');
  });
});
