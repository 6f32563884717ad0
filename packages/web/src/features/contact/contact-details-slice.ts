/**
 * The operator's contact details from GET /api/site (README: Contact messages), asked once per
 * visit by the first ContactDetails on screen (the footer's, on every page).
 */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { API_PATHS, type ContactDetailsValue, type SiteDetailsResponse } from '@ai-tools/contracts';
import { getJson } from '../../lib/api-client.ts';

export interface ContactDetailsState {
  details: ContactDetailsValue;
  loading: boolean;
  loaded: boolean;
}

const initialState: ContactDetailsState = { details: {}, loading: false, loaded: false };

export const fetchContactDetails = createAsyncThunk<
  ContactDetailsValue,
  void,
  { state: { contactDetails: ContactDetailsState } }
>(
  'contactDetails/fetch',
  async (_, { signal }) => (await getJson<SiteDetailsResponse>(API_PATHS.site, signal)).contact,
  {
    condition: (_, { getState }) => {
      const { loading, loaded } = getState().contactDetails;
      return !loading && !loaded;
    },
  },
);

const contactDetailsSlice = createSlice({
  name: 'contactDetails',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchContactDetails.pending, (state) => {
        state.loading = true;
      })
      .addCase(fetchContactDetails.fulfilled, (state, action) => {
        state.loading = false;
        state.loaded = true;
        state.details = action.payload;
      })
      // Without an answer nothing is shown: a guessed address would be worse than none. The next
      // page that shows the details asks again.
      .addCase(fetchContactDetails.rejected, (state) => {
        state.loading = false;
      });
  },
  selectors: {
    selectContactDetails: (state) => state.details,
  },
});

export const { selectContactDetails } = contactDetailsSlice.selectors;
export const contactDetailsReducer = contactDetailsSlice.reducer;
