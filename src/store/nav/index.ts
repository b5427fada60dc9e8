// The navigation's public face: the top of the store, which only the composition root uses.
export { createNavigationActions, pageRows } from './navigation.js';
export type { NavigationActions, SliceApis } from './navigation.js';
