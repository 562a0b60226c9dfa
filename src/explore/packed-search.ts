/**
 * What the searches over packed models (packed-bfs.ts, packed-dfs.ts) take and
 * give. They share one notion of a stored state: its key, either the whole
 * vector or, in fingerprint mode, a 64-bit hash of it, numbered by a KeyTable.
 */
import type { PackedModel } from "../model-contract/packed-model.js";
import type { Progress } from "./exploration.js";
import { hashWords, SEED_HIGH, SEED_LOW } from "./hash-words.js";
import { grown, KeyTable } from "./key-table.js";

export interface PackedSearchOptions {
  /** Stop with a StateLimitError once more states than this are stored. */
  readonly maxStates?: number;
  /** Store 64-bit fingerprints instead of whole states (TLC's default). */
  readonly fingerprint?: boolean;
  /** Partial-order reduction: stubborn sets, with sleep sets in breadth-first search (needs `model.reduction`). */
  readonly reduction?: boolean;
  readonly onProgress?: (progress: SearchProgress) => void;
  readonly progressEveryMs?: number;
}

export interface SearchProgress extends Progress {
  /** Depth of the state being expanded. */
  readonly depth: number;
  /** Bytes of the search's own tables. */
  readonly bytes: number;
}

export interface PackedViolation {
  readonly property: number;
  /** Length of the path on which the search met it. */
  readonly depth: number;
  /** Id of the violating state (ids number the stored states in discovery order). */
  readonly state: number;
}

export interface PackedExploration {
  readonly states: number;
  readonly transitions: number;
  /** `undefined` when the graph has a cycle. */
  readonly executions: bigint | undefined;
  /** With `model.marked`: the executions that meet a marked state (`undefined` when the graph has a cycle). */
  readonly executionsThrough?: bigint | undefined;
  /** The terminal states' vectors, back to back, in discovery order. */
  readonly terminals: Uint32Array;
  /** The first violation met of each property, in the order they were met. */
  readonly violations: readonly PackedViolation[];
  /** Bytes held by the search's tables at the end (stored states, parents, counts, queue). */
  readonly bytes: number;
  /** Successors generated (for the fingerprint collision estimate). */
  readonly generated: number;
  readonly elapsedMs: number;
}

/** The stored form of states: whole vectors, or fingerprints of them. */
export class StateKeys {
  readonly table: KeyTable;
  private readonly scratch = new Uint32Array(2);

  constructor(
    private readonly words: number,
    readonly fingerprint: boolean,
  ) {
    this.table = new KeyTable(fingerprint ? 2 : words);
  }

  /** The id of the state at `vector[at ..]`, storing it if new (check `table.size` to tell). */
  intern(vector: Uint32Array, at: number): number {
    return this.fingerprint ? this.table.intern(this.print(vector, at), 0) : this.table.intern(vector, at);
  }

  find(vector: Uint32Array, at: number): number {
    return this.fingerprint ? this.table.find(this.print(vector, at), 0) : this.table.find(vector, at);
  }

  private print(vector: Uint32Array, at: number): Uint32Array {
    this.scratch[0] = hashWords(vector, at, this.words, SEED_LOW);
    this.scratch[1] = hashWords(vector, at, this.words, SEED_HIGH);
    return this.scratch;
  }
}

/**
 * Room for a state's successors that grows when a state has more than fit
 * (a model that cannot bound its actions in advance says so, PackedModel.successors).
 */
export class SuccessorBuffer {
  vectors: Uint32Array;

  constructor(private readonly model: PackedModel) {
    this.vectors = new Uint32Array(Math.max(1, model.maxActions) * model.words);
  }

  /** The successors of the state at `state[at ..]`, written to `vectors`; returns how many. */
  fill(state: Uint32Array, at: number): number {
    const n = this.model.successors(state, at, this.vectors);
    if (n * this.model.words <= this.vectors.length) return n;
    this.vectors = new Uint32Array(n * this.model.words);
    return this.model.successors(state, at, this.vectors);
  }
}

/** The initial states' vectors, back to back. */
export function initialVectors(model: PackedModel): Uint32Array {
  const count = model.initialCount ?? 1;
  const vectors = new Uint32Array(count * model.words);
  for (let i = 0; i < count; i++) model.writeInitial(vectors, i * model.words, i);
  return vectors;
}

/**
 * Stores the model's initial states in `keys`, calling `stored` with each
 * new one's vector; returns which initial state (writeInitial's index) each
 * of their ids is, for a path's start.
 */
export function storeInitials(model: PackedModel, keys: StateKeys, stored: (vectors: Uint32Array, at: number, id: number) => void): Map<number, number> {
  const initials = initialVectors(model);
  const initialOf = new Map<number, number>();
  for (let i = 0; i * model.words < initials.length; i++) {
    const id = keys.intern(initials, i * model.words);
    if (initialOf.has(id)) continue;
    initialOf.set(id, i);
    stored(initials, i * model.words, id);
  }
  return initialOf;
}

/** What a search notes down as it goes: the first violation of each property, and the terminal states. */
export class SearchLog {
  readonly violations: PackedViolation[] = [];
  private readonly violated = new Set<number>();
  private vectors = new Uint32Array(256);
  private count = 0;
  private depth = 0;
  private state = 0;
  /** Notes a property that fails in the state being checked (see `check`), if it had not failed before. */
  private readonly failed = (property: number) => {
    if (this.violated.has(property)) return;
    this.violated.add(property);
    this.violations.push({ property, depth: this.depth, state: this.state });
  };

  constructor(private readonly words: number) {}

  /** Checks the state at `vector[at ..]`, numbered `state` and met at `depth`, noting the properties that fail there first. */
  check(model: PackedModel, vector: Uint32Array, at: number, terminal: boolean, depth: number, state: number): void {
    this.depth = depth;
    this.state = state;
    model.violations(vector, at, terminal, this.failed);
  }

  /** Every one of these properties has failed. */
  allViolated(properties: readonly number[]): boolean {
    return properties.every((p) => this.violated.has(p));
  }

  noteTerminal(vector: Uint32Array, at: number): void {
    const to = this.count++ * this.words;
    if (this.vectors.length < to + this.words) this.vectors = grown(this.vectors, to + this.words);
    for (let i = 0; i < this.words; i++) this.vectors[to + i] = vector[at + i]!;
  }

  /** The terminal states' vectors, back to back. */
  get terminals(): Uint32Array {
    return this.vectors.slice(0, this.count * this.words);
  }
}

/**
 * Whether it is time to report progress (about every `progressEveryMs`; the
 * clock is read once every 4096 states). Undefined without `onProgress`.
 */
export function progressClock(options: PackedSearchOptions, started: number) {
  if (!options.onProgress) return undefined;
  const every = options.progressEveryMs ?? 1000;
  let next = started + every;
  return (count: number): boolean => {
    if ((count & 4095) !== 0 || performance.now() < next) return false;
    next = performance.now() + every;
    return true;
  };
}

/** TLC's optimistic estimate of the chance that two distinct states shared a fingerprint. */
export function collisionProbability(states: number, generated: number): number {
  return (states * Math.max(0, generated - states)) / 2 ** 64;
}
