import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import {
  API_PATHS,
  IDEMPOTENCY_KEY_HEADER,
  type ContactMessage,
  type ContactResponse,
  CONTACT_MESSAGES,
} from '@ai-tools/contracts';
import { postJson } from '../../lib/api-client.ts';
import { getErrorMessage } from '../../lib/get-error-message.ts';

/** docs/product.md section 3: the contact slice. */
export interface ContactState {
  loading: boolean;
  success: boolean;
  error: string | null;
}

const initialState: ContactState = { loading: false, success: false, error: null };

export interface ContactRequest {
  message: ContactMessage;
  /**
   * One key per message (`newIdempotencyKey`), sent again when the same message is retried after
   * a failure, so a message whose answer was lost is stored once (docs/decisions/023).
   */
  idempotencyKey: string;
}

export const sendContactMessage = createAsyncThunk<
  ContactResponse,
  ContactRequest,
  { rejectValue: string }
>('contact/sendMessage', async ({ message, idempotencyKey }, { rejectWithValue, signal }) => {
  try {
    return await postJson<ContactResponse>(API_PATHS.sendMessage, message, signal, {
      [IDEMPOTENCY_KEY_HEADER]: idempotencyKey,
    });
  } catch (error) {
    return rejectWithValue(getErrorMessage(error, CONTACT_MESSAGES.failed));
  }
});

const contactSlice = createSlice({
  name: 'contact',
  initialState,
  reducers: {
    /** Clears all three fields (docs/product.md section 4), also when the success text expires. */
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
        state.error = action.payload ?? CONTACT_MESSAGES.failed;
      });
  },
  selectors: {
    selectContact: (state) => state,
  },
});

export const { resetContact } = contactSlice.actions;
export const { selectContact } = contactSlice.selectors;
export const contactReducer = contactSlice.reducer;
