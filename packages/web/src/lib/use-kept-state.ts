/**
 * A tool page's inputs kept for the visit: going to another page and back, the browser's back and
 * forward, or a reload give the visitor the form as they left it. Session storage, not local
 * storage: it stays in this tab and the browser deletes it when the tab closes, as the privacy
 * policy says (section 2).
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/** Every kept input's storage key starts with this, so they never meet another script's keys. */
export const KEPT_STATE_PREFIX = 'kept:';

/** Whether a stored value may be used: a later version of the site may have changed a field. */
export type KeptValueCheck<T> = (value: unknown) => value is T;

/** A select's value: one of its options, as the options are now. */
export function isOneOf<T extends string | number>(options: readonly T[]): KeptValueCheck<T> {
  return (value): value is T => (options as readonly unknown[]).includes(value);
}

function isSameKindAs<T>(initial: T): KeptValueCheck<T> {
  return (value): value is T => typeof value === typeof initial && value !== null;
}

function readKept<T>(key: string, initial: T, check: KeptValueCheck<T>): T {
  try {
    const stored = window.sessionStorage.getItem(KEPT_STATE_PREFIX + key);
    if (stored === null) return initial;
    const value: unknown = JSON.parse(stored);
    return check(value) ? value : initial;
  } catch {
    // Storage turned off by the browser, or a value that is not JSON: the field starts fresh.
    return initial;
  }
}

/**
 * useState whose value survives leaving the page and reloading it, for this tab's visit. `key`
 * names the field across the site ("blog.topic"); `check` says whether a stored value still fits
 * (by default: the same kind of value as `initial`, enough for text and switches).
 */
export function useKeptState<T>(
  key: string,
  initial: T,
  check: KeptValueCheck<T> = isSameKindAs(initial),
): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState(() => readKept(key, initial, check));
  useEffect(() => {
    try {
      window.sessionStorage.setItem(KEPT_STATE_PREFIX + key, JSON.stringify(value));
    } catch {
      // Storage full or turned off: the field still works, it is only not kept.
    }
  }, [key, value]);
  return [value, setValue];
}
