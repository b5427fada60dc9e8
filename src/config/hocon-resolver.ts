// Resolves `${path}` and `${?path}`: a path is looked up in the config first, then as an
// environment variable (the path joined with '.'), as HOCON does. A required substitution that
// is found nowhere is an error; an optional one leaves its field unset (or keeps the value it
// replaced), is dropped from a list, and reads as '' inside a string.
import { ConfigError } from './config-error.js';
import type {
  ConfigArray,
  ConfigObject,
  ConfigValue,
  Env,
  ParsedArray,
  ParsedConcat,
  ParsedNode,
  ParsedObject,
  Substitution,
} from './hocon-types.js';

export function resolveSubstitutions(root: ParsedObject, env: Env): ConfigObject {
  return new Resolver(root, env).resolveRoot();
}

function formatSubstitution(sub: Substitution): string {
  return `\${${sub.optional ? '?' : ''}${sub.path.join('.')}}`;
}

class Resolver {
  private readonly done = new Map<ParsedNode, ConfigValue | undefined>();
  private readonly active = new Set<ParsedNode>();

  constructor(
    private readonly root: ParsedObject,
    private readonly env: Env,
  ) {}

  resolveRoot(): ConfigObject {
    const value = this.resolve(this.root);
    // The root is an object and objects always resolve to objects.
    return value as ConfigObject;
  }

  private resolve(node: ParsedNode): ConfigValue | undefined {
    if (node.kind !== 'object' && node.kind !== 'array' && node.kind !== 'concat') return node;
    if (this.done.has(node)) return this.done.get(node);
    this.active.add(node);
    try {
      let value: ConfigValue | undefined;
      if (node.kind === 'object') value = this.resolveObject(node);
      else if (node.kind === 'array') value = this.resolveArray(node);
      else value = this.resolveConcat(node);
      this.done.set(node, value);
      return value;
    } finally {
      this.active.delete(node);
    }
  }

  private resolveObject(node: ParsedObject): ConfigObject {
    const fields = new Map<string, ConfigValue>();
    for (const [key, child] of node.fields) {
      const value = this.resolve(child);
      if (value !== undefined) fields.set(key, value);
    }
    return { kind: 'object', fields, pos: node.pos };
  }

  private resolveArray(node: ParsedArray): ConfigArray {
    const items: ConfigValue[] = [];
    for (const child of node.items) {
      const value = this.resolve(child);
      if (value !== undefined) items.push(value);
    }
    return { kind: 'array', items, pos: node.pos };
  }

  private resolveConcat(node: ParsedConcat): ConfigValue | undefined {
    const only = node.parts.length === 1 ? node.parts[0] : undefined;
    if (only?.kind === 'substitution') {
      const found = this.lookup(only, node);
      if (found === undefined) {
        if (!only.optional) this.failMissing(only);
        return node.prior === undefined ? undefined : this.resolve(node.prior);
      }
      // A scalar takes the position of the line that uses it: that line is what set this key.
      return found.kind === 'object' || found.kind === 'array' ? found : { ...found, pos: node.pos };
    }
    let text = '';
    for (const part of node.parts) {
      if (part.kind === 'text') {
        text += part.text;
        continue;
      }
      const found = this.lookup(part, node);
      if (found === undefined) {
        if (!part.optional) this.failMissing(part);
      } else if (found.kind === 'object' || found.kind === 'array') {
        const what = found.kind === 'object' ? 'an object' : 'a list';
        throw new ConfigError(`${formatSubstitution(part)} is ${what} and cannot be part of a text value`, part.pos);
      } else {
        text += found.text;
      }
    }
    return { kind: 'string', text, pos: node.pos };
  }

  private failMissing(sub: Substitution): never {
    const name = sub.path.join('.');
    throw new ConfigError(
      `${formatSubstitution(sub)} is not set in the config nor in the environment (write \${?${name}} if it may be unset)`,
      sub.pos,
    );
  }

  private lookup(sub: Substitution, self: ParsedConcat): ConfigValue | undefined {
    const fromConfig = this.lookupInConfig(sub, self);
    if (fromConfig !== undefined) return fromConfig;
    const fromEnv = this.env[sub.path.join('.')];
    return fromEnv === undefined ? undefined : { kind: 'string', text: fromEnv, pos: sub.pos };
  }

  private lookupInConfig(sub: Substitution, self: ParsedConcat): ConfigValue | undefined {
    let node: ParsedNode | ConfigValue | undefined = this.root;
    for (const key of sub.path) {
      const container = this.settle(node, sub, self);
      if (container?.kind !== 'object') return undefined;
      node = (container.fields as Map<string, ParsedNode | ConfigValue>).get(key);
    }
    const found = this.settle(node, sub, self);
    if (found === undefined) return undefined;
    if (this.active.has(found as ParsedNode)) this.failCycle(sub);
    return this.resolve(found as ParsedNode);
  }

  /**
   * Turn a node met on a lookup path into something that can be walked: a key that refers to
   * itself (`path: ${path}":/more"`) sees the value it replaced; other pending values are resolved.
   */
  private settle(
    node: ParsedNode | ConfigValue | undefined,
    sub: Substitution,
    self: ParsedConcat,
  ): ParsedNode | ConfigValue | undefined {
    let current = node;
    while (current === self) current = self.prior;
    if (current?.kind !== 'concat') return current;
    if (this.active.has(current)) this.failCycle(sub);
    return this.resolve(current);
  }

  private failCycle(sub: Substitution): never {
    throw new ConfigError(`${formatSubstitution(sub)} refers back to itself (a substitution cycle)`, sub.pos);
  }
}
