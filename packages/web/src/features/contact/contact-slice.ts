import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import {
  API_PATHS,
  DEFAULT_ERRORS,
  type ContactMessage,
  type ContactResponse,
} from '@ai-tools/contracts';
import { postJson } from '../../lib/api-client.ts';
import { getErrorMessage } from '../../lib/get-error-message.ts';

/** SPEC section 3: the contact slice. */
export interface ContactState {
  loading: boolean;
  success: boolean;
  error: string | null;
}

const initialState: ContactState = { loading: false, success: false, error: null };

export const sendContactMessage = createAsyncThunk<
  ContactResponse,
  ContactMessage,
  { rejectValue: string }
>('contact/sendMessage', async (message, { rejectWithValue, signal }) => {
  try {
    return await postJson<ContactResponse>(API_PATHS.sendMessage, message, signal);
  } catch (error) {
    return rejectWithValue(getErrorMessage(error, DEFAULT_ERRORS.contact));
  }
});

const contactSlice = createSlice({
  name: 'contact',
  initialState,
  reducers: {
    /** Clears all three fields (SPEC section 4); also used when the success text times out. */
    resetContact: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(sendContactMessage.pending, (state) => {
        state.loading = true;
        state.error = null;
        state.success = false;
      })
      .addCase(sendContactMessage.fulfilled, (state) => {
        state.loading = false;
        state.success = true;
      })
      .addCase(sendContactMessage.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? DEFAULT_ERRORS.contact;
      });
  },
  selectors: {
    selectContact: (state) => state,
  },
});

export const { resetContact } = contactSlice.actions;
export const { selectContact } = contactSlice.selectors;
export const contactReducer = contactSlice.reducer;
