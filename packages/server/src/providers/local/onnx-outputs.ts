/**
 * An ONNX model without some of its graph outputs. onnxruntime keeps every graph output of a run
 * until the run ends, whether the caller fetches it or not: Whisper's exported encoder also
 * outputs its six attention maps (72 MB each for a 30 s piece), and a run held all six at once.
 * Without them as outputs, each map is freed as soon as the next layer has used it (ADR 046).
 *
 * The model file is protobuf (onnx.proto: ModelProto field 7 is the graph, GraphProto field 12
 * its outputs, ValueInfoProto field 1 an output's name). Only the output entries are dropped; every
 * other byte is copied as it is, so nothing the model holds is decoded or re-encoded.
 */
import protobuf from 'protobufjs/minimal.js';

const MODEL_GRAPH_FIELD = 7;
const GRAPH_OUTPUT_FIELD = 12;
const VALUE_INFO_NAME_FIELD = 1;
const LENGTH_DELIMITED = 2;

interface Field {
  number: number;
  wireType: number;
  /** Where the field starts (its tag) and ends in the message. */
  start: number;
  end: number;
  /** A length-delimited field's content, without its tag and length. */
  content: Uint8Array;
}

function fieldsOf(message: Uint8Array): Field[] {
  const reader = protobuf.Reader.create(message);
  const fields: Field[] = [];
  while (reader.pos < reader.len) {
    const start = reader.pos;
    const tag = reader.uint32();
    const wireType = tag & 7;
    let content = message.subarray(0, 0);
    if (wireType === LENGTH_DELIMITED) {
      const length = reader.uint32();
      content = message.subarray(reader.pos, reader.pos + length);
      reader.skip(length);
    } else {
      reader.skipType(wireType);
    }
    fields.push({ number: tag >>> 3, wireType, start, end: reader.pos, content });
  }
  return fields;
}

function outputName(valueInfo: Uint8Array): string {
  const name = fieldsOf(valueInfo).find((field) => field.number === VALUE_INFO_NAME_FIELD);
  return name ? Buffer.from(name.content).toString('utf8') : '';
}

/** The model, its graph without the outputs `unwanted` names. */
export function withoutGraphOutputs(
  model: Uint8Array,
  unwanted: (outputName: string) => boolean,
): Buffer {
  return Buffer.concat(
    fieldsOf(model).map((field) => {
      if (field.number !== MODEL_GRAPH_FIELD || field.wireType !== LENGTH_DELIMITED) {
        return model.subarray(field.start, field.end);
      }
      const graph = Buffer.concat(
        fieldsOf(field.content)
          .filter(
            (graphField) =>
              graphField.number !== GRAPH_OUTPUT_FIELD ||
              graphField.wireType !== LENGTH_DELIMITED ||
              !unwanted(outputName(graphField.content)),
          )
          .map((graphField) => field.content.subarray(graphField.start, graphField.end)),
      );
      const header = protobuf.Writer.create()
        .uint32((MODEL_GRAPH_FIELD << 3) | LENGTH_DELIMITED)
        .uint32(graph.length)
        .finish();
      return Buffer.concat([header, graph]);
    }),
  );
}
