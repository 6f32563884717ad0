/**
 * The product description writer's state: its description, loading and error, plus the text as
 * it streams in, the place in line, whether the visitor stopped it and what the writer's check
 * said about it (lib/writer-slice.ts).
 */
import {
  PRODUCT_DESCRIPTION_TOOL,
  type ProductDescriptionRequest,
  WRITER_MESSAGES,
} from '@ai-tools/contracts';
import { getErrorMessage } from '../../lib/get-error-message.ts';
import { createWriterSlice } from '../../lib/writer-slice.ts';
import { writtenText } from '../../lib/writer-stream.ts';

const productDescription = createWriterSlice({
  name: 'productDescription',
  textField: 'description',
  path: PRODUCT_DESCRIPTION_TOOL.apiPaths.generateProductDescription,
  ownState: {},
  errorMessage: (error) => getErrorMessage(error, WRITER_MESSAGES.failed),
  failed: WRITER_MESSAGES.failed,
  outcome: (body) => writtenText(body.data.description, body.data),
  started: (_state, _request: ProductDescriptionRequest) => {},
});

export const {
  reducer: productDescriptionReducer,
  select: selectProductDescription,
  generate: generateProductDescription,
  clear: clearProductDescription,
  stop: stopProductDescription,
  retry: retryProductDescription,
} = productDescription;
