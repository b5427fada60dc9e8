#!/usr/bin/env node
// `prepare` (`npm install` in this tree, never when the package is installed from its
// tarball): applies the dependency edits of scripts/dependency-edits.mjs under node_modules.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyDependencyEdits } from './dependency-edits.mjs';

applyDependencyEdits(join(dirname(fileURLToPath(import.meta.url)), '..'));
