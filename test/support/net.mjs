// Test nets for the learned evaluation (Engine.create({ net }), EngineCore.setNet).

/**
 * A net in rocada-train's int16 format (src/engine/src/eval/nnue.rs, bench/README.md), random
 * within the trainer's bounds: feature weights and biases within +-505, output weights within
 * +-127 (as test/uci_python.py writes one).
 */
export function randomNet(hidden = 16, seed = 7) {
  let x = seed;
  const next = (n) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 8) % n;
  };
  const values = [];
  for (let i = 0; i < 768 * hidden + hidden; i++) values.push(next(1011) - 505);
  for (let i = 0; i < 2 * hidden; i++) values.push(next(255) - 127);
  values.push(next(6001) - 3000);
  const bytes = new Uint8Array(16 + 2 * values.length);
  const view = new DataView(bytes.buffer);
  bytes.set([0x52, 0x43, 0x4e, 0x4e]); // RCNN
  [1, 0, hidden, 400, 255, 64].forEach((v, i) => view.setUint16(4 + 2 * i, v, true));
  view.setUint8(6, 1); // int16
  view.setUint8(7, 1); // SCReLU
  values.forEach((v, i) => view.setInt16(16 + 2 * i, v, true));
  return bytes;
}
