// The rerun file (src/text/hyperparam-file.ts): what it shows, what it reads back, which lines
// it refuses, and that reading back any written set of parameters gives the same set.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatParamFile, paramChanges, parseParamFile, type FileParam } from '../../src/text/hyperparam-file.js';

const params: FileParam[] = [
  { section: 'General', name: 'lr', value: '0.1' },
  { section: 'Args', name: 'model/depth', value: '4' },
  { section: 'Args', name: 'path', value: 'C:\\data\\x=1' },
];

function paramLines(text: string): string[] {
  return text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}

describe('formatParamFile', () => {
  it('writes one Section/name = value per line under comment lines naming the task', () => {
    const text = formatParamFile('train "big"', params);
    expect(text.split('\n')[0]).toBe('# Hyperparameters of "train \\"big\\"": one Section/name = value per line.');
    expect(paramLines(text)).toEqual(['General/lr = 0.1', 'Args/model/depth = 4', 'Args/path = C:\\data\\x=1']);
    expect(text.endsWith('\n')).toBe(true);
  });

  it('quotes what a plain line would lose or misread', () => {
    const odd: FileParam[] = [
      { section: 'S', name: 'spaced', value: ' 1 ' },
      { section: 'S', name: 'multi', value: 'a\nb' },
      { section: 'S', name: 'quote', value: '"x"' },
      { section: 'S', name: 'a=b', value: '' },
      { section: 'a/b', name: 'n', value: 'v' },
      { section: '#s', name: 'n', value: 'v' },
    ];
    expect(paramLines(formatParamFile('t', odd))).toEqual([
      'S/spaced = " 1 "',
      'S/multi = "a\\nb"',
      'S/quote = "\\"x\\""',
      'S/"a=b" = ',
      '"a/b"/n = v',
      '"#s"/n = v',
    ]);
  });
});

describe('parseParamFile', () => {
  it('reads the parameters in order, skipping comments and blank lines, values trimmed', () => {
    const text = '# header\n\nGeneral/lr=0.7\r\n  Args / model/depth =  8  \nArgs/empty =\n';
    expect(parseParamFile(text)).toEqual({
      ok: true,
      params: [
        { section: 'General', name: 'lr', value: '0.7' },
        { section: 'Args', name: 'model/depth', value: '8' },
        { section: 'Args', name: 'empty', value: '' },
      ],
    });
    expect(parseParamFile('# nothing\n\n')).toEqual({ ok: true, params: [] });
  });

  it('names the first bad line and what is wrong with it', () => {
    const bad = (line: string) => parseParamFile(`# c\nGeneral/lr = 1\n${line}\nGeneral/x = 2\n`);
    expect(bad('lr = 0.7')).toEqual({ ok: false, line: 3, problem: 'expected Section/name = value' });
    expect(bad('General/lr 0.7')).toEqual({ ok: false, line: 3, problem: 'expected = and a value after the name' });
    expect(bad('/lr = 1')).toEqual({ ok: false, line: 3, problem: 'the section before / is empty' });
    expect(bad('General/ = 1')).toEqual({ ok: false, line: 3, problem: 'the name between / and = is empty' });
    expect(bad('General/s = "open')).toEqual({ ok: false, line: 3, problem: 'the quoted value is not closed' });
    expect(bad('General/s = "a" b')).toEqual({ ok: false, line: 3, problem: 'text after the quoted value' });
    expect(bad('"Gen/lr = 1')).toEqual({ ok: false, line: 3, problem: 'the quoted section is not closed' });
    expect(bad('General/lr = 2')).toEqual({ ok: false, line: 3, problem: 'General/lr is already set on line 2' });
  });

  it('reads back exactly what was written, whatever the names and values', () => {
    const text = fc.string({ unit: fc.constantFrom('a', ' ', '/', '=', '"', '#', '\\', '\n', '\t', 'é', 'x') });
    const param = fc.record({ section: text.filter((s) => s !== ''), name: text.filter((s) => s !== ''), value: text });
    const unique = fc.uniqueArray(param, { selector: (p) => JSON.stringify([p.section, p.name]), maxLength: 8 });
    fc.assert(
      fc.property(fc.string(), unique, (name, list) => {
        expect(parseParamFile(formatParamFile(name, list))).toEqual({ ok: true, params: list });
      }),
    );
  });
});

describe('paramChanges', () => {
  it('lists new and changed values, then the removed parameters', () => {
    const after: FileParam[] = [
      { section: 'General', name: 'lr', value: '0.7' },
      { section: 'Args', name: 'path', value: 'C:\\data\\x=1' },
      { section: 'Args', name: 'seed', value: '3' },
    ];
    expect(paramChanges(params, after)).toEqual(['General/lr = 0.7', 'Args/seed = 3', '-Args/model/depth']);
    expect(paramChanges(params, params)).toEqual([]);
  });
});
