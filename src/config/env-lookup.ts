import type { Env } from './hocon-types.js';

interface EnvSetting {
  name: string;
  value: string;
}

/** `CLEARML_<suffix>`, else its legacy `TRAINS_<suffix>` alias; an empty value counts as unset. */
export function lookupClearmlEnv(env: Env, suffix: string): EnvSetting | undefined {
  for (const name of [`CLEARML_${suffix}`, `TRAINS_${suffix}`]) {
    const value = env[name]?.trim();
    if (value) return { name, value };
  }
  return undefined;
}
