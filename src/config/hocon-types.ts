/** Where a value starts in its file (line and column are 1-based). */
export interface SourcePosition {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** A scalar keeps its source text so `00123` or `1e3` used as a key or secret is not reformatted. */
export type ConfigScalar =
  | { kind: 'string'; text: string; pos: SourcePosition }
  | { kind: 'number'; text: string; value: number; pos: SourcePosition }
  | { kind: 'boolean'; text: string; value: boolean; pos: SourcePosition }
  | { kind: 'null'; text: string; pos: SourcePosition };

export interface ConfigObject {
  kind: 'object';
  fields: Map<string, ConfigValue>;
  pos: SourcePosition;
}

export interface ConfigArray {
  kind: 'array';
  items: ConfigValue[];
  pos: SourcePosition;
}

/** A fully resolved value: no substitutions left. */
export type ConfigValue = ConfigScalar | ConfigObject | ConfigArray;

// Parse tree: like ConfigValue, plus values that still hold `${...}` substitutions.

export interface Substitution {
  kind: 'substitution';
  path: string[];
  optional: boolean;
  pos: SourcePosition;
}

export type ConcatPart = { kind: 'text'; text: string } | Substitution;

export interface ParsedConcat {
  kind: 'concat';
  parts: ConcatPart[];
  pos: SourcePosition;
  /** The value this one replaced, used by `${?self}` fallbacks and self-references. */
  prior?: ParsedNode;
}

export interface ParsedObject {
  kind: 'object';
  fields: Map<string, ParsedNode>;
  pos: SourcePosition;
}

export interface ParsedArray {
  kind: 'array';
  items: ParsedNode[];
  pos: SourcePosition;
}

export type ParsedNode = ConfigScalar | ParsedObject | ParsedArray | ParsedConcat;

export type Env = Readonly<Record<string, string | undefined>>;
