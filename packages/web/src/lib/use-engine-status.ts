import { useEffect } from 'react';
import type { Capability } from '@ai-tools/contracts';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import {
  fetchEngineStatus,
  isEngineBlocked,
  selectEngine,
  selectEngineStatusError,
  selectEngineStatusLoading,
} from './engine-status-slice.ts';

/** The engine of one capability, asked of the server once per visit (every tool page calls it). */
export function useEngineStatus(capability: Capability) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(fetchEngineStatus());
  }, [dispatch]);
  const engine = useAppSelector((state) => selectEngine(state, capability));
  const loading = useAppSelector(selectEngineStatusLoading);
  const error = useAppSelector(selectEngineStatusError);
  return { capability, engine, loading, error, blocked: isEngineBlocked(engine) };
}
