// React access to the monitor store and the theme. Components select what they draw with
// `useMonitor(selector)`; selectors return store values as they are (never new objects), so
// a component re-renders only when its slice changed.
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { MonitorActions, MonitorState, MonitorStore } from '../store/types.js';
import { createTheme, type Theme } from './theme.js';

export const MonitorStoreContext = createContext<MonitorStore | null>(null);
export const ThemeContext = createContext<Theme>(createTheme({ color: true, ascii: false }));
/**
 * The selected task's name while the task list is off screen (narrow layouts): pane frames
 * name it in their title so the user always knows whose data they see. Null otherwise.
 */
export const PaneSubjectContext = createContext<string | null>(null);
/** The terminal's columns as laid out now (the store hears of a resize only after the frame). */
export const TerminalColsContext = createContext<number>(80);

export function useMonitorStore(): MonitorStore {
  const store = useContext(MonitorStoreContext);
  if (store === null) throw new Error('monitor UI rendered without a store');
  return store;
}

export function useMonitor<T>(selector: (state: MonitorState) => T): T {
  return useStore(useMonitorStore(), selector);
}

export function useActions(): MonitorActions {
  return useMonitor((s) => s.actions);
}

export function useTheme(): Theme {
  return useContext(ThemeContext);
}
