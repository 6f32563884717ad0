import { act, renderHook } from '@testing-library/react';
import { isOneOf, KEPT_STATE_PREFIX, useKeptState } from './use-kept-state.ts';

const COLOURS = ['red', 'green'] as const;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useKeptState', () => {
  it('starts from the initial value, then gives a new page the value the visitor left', () => {
    const first = renderHook(() => useKeptState('test.topic', ''));
    expect(first.result.current[0]).toBe('');
    act(() => first.result.current[1]('Sleep better'));
    first.unmount();

    const again = renderHook(() => useKeptState('test.topic', ''));
    expect(again.result.current[0]).toBe('Sleep better');
    // Session storage: the tab's visit only, never local storage.
    expect(window.sessionStorage.getItem(`${KEPT_STATE_PREFIX}test.topic`)).toBe('"Sleep better"');
    expect(window.localStorage.getItem(`${KEPT_STATE_PREFIX}test.topic`)).toBeNull();
  });

  it('keeps each field under its own key, and a reset to the initial value is kept too', () => {
    const topic = renderHook(() => useKeptState('test.topic', ''));
    const auto = renderHook(() => useKeptState('test.auto', true));
    act(() => topic.result.current[1]('Kites'));
    act(() => auto.result.current[1](false));
    act(() => topic.result.current[1](''));
    topic.unmount();
    auto.unmount();

    expect(renderHook(() => useKeptState('test.topic', 'start')).result.current[0]).toBe('');
    expect(renderHook(() => useKeptState('test.auto', true)).result.current[0]).toBe(false);
  });

  it('drops a kept value that no longer fits the field', () => {
    window.sessionStorage.setItem(`${KEPT_STATE_PREFIX}test.colour`, '"purple"');
    window.sessionStorage.setItem(`${KEPT_STATE_PREFIX}test.count`, '"three"');
    window.sessionStorage.setItem(`${KEPT_STATE_PREFIX}test.broken`, '{not json');
    expect(
      renderHook(() => useKeptState('test.colour', 'red', isOneOf(COLOURS))).result.current[0],
    ).toBe('red');
    expect(renderHook(() => useKeptState('test.count', 1)).result.current[0]).toBe(1);
    expect(renderHook(() => useKeptState('test.broken', 'fresh')).result.current[0]).toBe('fresh');

    window.sessionStorage.setItem(`${KEPT_STATE_PREFIX}test.colour`, '"green"');
    expect(
      renderHook(() => useKeptState('test.colour', 'red', isOneOf(COLOURS))).result.current[0],
    ).toBe('green');
  });

  it('still works as plain state where the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { result } = renderHook(() => useKeptState('test.topic', 'start'));
    expect(result.current[0]).toBe('start');
    act(() => result.current[1]('changed'));
    expect(result.current[0]).toBe('changed');
  });
});
