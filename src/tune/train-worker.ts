/**
 * A training thread of `tama train --threads N` (network-train.ts trainNetwork): it waits
 * for each step, works out the gradient and loss of its share of the step's samples over
 * the shared network, positions and order, and says it is done; it ends when told to stop.
 */
import { workerData } from 'node:worker_threads';
import {
  CONTROL_DONE,
  CONTROL_FAILED,
  CONTROL_FROM,
  CONTROL_STEP,
  CONTROL_STOP,
  CONTROL_TO,
  FloatNetwork,
  gradientSlice,
  threadSlice,
  type TrainThreadData,
} from './network-train.js';

const data = workerData as TrainThreadData;
const { control, index, threads } = data;
const network = new FloatNetwork(data.hidden, 0, data.parameters);
const size = network.parameterCount;
const gradient = data.gradients.subarray(index * size, (index + 1) * size);
// Steps are counted from 0, before the first: one that came while this thread started is not missed.
let seen = 0;
try {
  for (;;) {
    Atomics.wait(control, CONTROL_STEP, seen);
    seen = Atomics.load(control, CONTROL_STEP);
    if (Atomics.load(control, CONTROL_STOP) !== 0) break;
    const [from, to] = threadSlice(control[CONTROL_FROM], control[CONTROL_TO], index, threads);
    data.losses[index] = gradientSlice(network, data.set, data.order, from, to, gradient);
    Atomics.add(control, CONTROL_DONE, 1);
    Atomics.notify(control, CONTROL_DONE);
  }
} catch {
  Atomics.store(control, CONTROL_FAILED, 1);
  Atomics.notify(control, CONTROL_DONE);
}
