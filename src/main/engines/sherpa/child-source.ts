// The code of the sherpa-onnx child process. It travels as a string (`node -e`): the same host then runs from
// sources (tsx, vitest) and from the electron-vite bundle. The ops' code comes in the first message.
export const SHERPA_CHILD_SOURCE = String.raw`
'use strict';
let sherpa;
const ops = new Map();
class EngineCache extends Map {
  once(key, make) {
    if (!this.has(key)) this.set(key, make());
    return this.get(key);
  }
}
const cache = new EngineCache();
// Without the service (its IPC channel closed) there is nobody to answer: end at once.
process.on('disconnect', () => process.exit(0));
process.on('message', (message) => {
  if (message.type === 'init') {
    try {
      sherpa = require(message.sherpaPath);
      for (const op of message.ops) ops.set(op.name, (0, eval)('(' + op.source + ')'));
      process.send({ type: 'ready', version: sherpa.version });
    } catch (error) {
      process.send({ type: 'startError', message: String((error && error.stack) || error) }, () => process.exit(1));
    }
    return;
  }
  if (message.type !== 'call') return;
  let reply;
  try {
    const op = ops.get(message.op);
    if (!op) throw new Error('unknown operation ' + message.op);
    reply = { type: 'result', id: message.id, result: op(sherpa, message.args, cache) };
  } catch (error) {
    reply = { type: 'error', id: message.id, message: String((error && error.message) || error), code: error && typeof error.code === 'string' ? error.code : undefined };
  }
  try {
    process.send(reply);
  } catch (error) {
    process.send({ type: 'error', id: message.id, message: 'its result could not be sent back: ' + String((error && error.message) || error) });
  }
});
`;
