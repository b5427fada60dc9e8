#!/usr/bin/env node
// `postinstall`: applies the dependency edits of scripts/dependency-edits.mjs under node_modules.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyDependencyEdits } from './dependency-edits.mjs';

applyDependencyEdits(join(dirname(fileURLToPath(import.meta.url)), '..'));
