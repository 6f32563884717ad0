/**
 * Which engine serves each capability, from GET /api/health, so every tool page can say who does
 * the work and warn BEFORE the visitor fills the form when a capability is not ready.
 */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import {
  API_PATHS,
  type Capability,
  type EngineStatus,
  type HealthResponse,
  PAGE_TEXTS,
} from '@ai-tools/contracts';
import { getJson } from './api-client.ts';
import { getErrorMessage } from './get-error-message.ts';

export interface EngineStatusState {
  engines: Partial<Record<Capability, EngineStatus>>;
  loading: boolean;
  loaded: boolean;
  error: string | null;
}

const initialState: EngineStatusState = { engines: {}, loading: false, loaded: false, error: null };

export const fetchEngineStatus = createAsyncThunk<
  HealthResponse['engines'],
  void,
  { state: { engines: EngineStatusState }; rejectValue: string }
>(
  'engines/fetch',
  async (_, { rejectWithValue, signal }) => {
    try {
      const health = await getJson<HealthResponse>(API_PATHS.health, signal);
      return health.engines;
    } catch (error) {
      return rejectWithValue(getErrorMessage(error, PAGE_TEXTS.engineStatusUnavailable));
    }
  },
  {
    // Every tool page asks on mount; one answer serves them all.
    condition: (_, { getState }) => {
      const { loading, loaded } = getState().engines;
      return !loading && !loaded;
    },
  },
);

const engineStatusSlice = createSlice({
  name: 'engines',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchEngineStatus.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(fetchEngineStatus.fulfilled, (state, action) => {
        state.loading = false;
        state.loaded = true;
        state.engines = action.payload;
      })
      .addCase(fetchEngineStatus.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? PAGE_TEXTS.engineStatusUnavailable;
      });
  },
  selectors: {
    selectEngineStatusLoading: (state) => state.loading,
    selectEngineStatusError: (state) => state.error,
    selectEngine: (state, capability: Capability): EngineStatus | undefined =>
      state.engines[capability],
  },
});

export const { selectEngine, selectEngineStatusLoading, selectEngineStatusError } =
  engineStatusSlice.selectors;
export const engineStatusReducer = engineStatusSlice.reducer;

/**
 * Generate stays enabled while the status is unknown (still loading, or the health call failed):
 * the server then answers with its own clear message. Only a known "not ready" blocks it.
 */
export function isEngineBlocked(engine: EngineStatus | undefined): boolean {
  return engine !== undefined && !engine.ready;
}
