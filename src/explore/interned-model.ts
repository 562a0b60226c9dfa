/**
 * Any model as a packed model, so that one search (packed-bfs.ts,
 * packed-dfs.ts) explores every model, whatever its rules: a state is split
 * into parts (StateParts), each distinct part is numbered once, and a state
 * is stored as one small integer per group of parts, the number of that
 * group's row of part numbers. A learner's rules run unchanged on readable
 * states; only what the explorer keeps is packed.
 *
 * Parts are interned: the first part met with a key is kept as the canonical
 * one, and every state the search hands back to the model is made of
 * canonical parts. A step shares the parts it does not change, so a
 * successor's unchanged parts are found by identity, and only the few it
 * changed are keyed.
 *
 * Where the model says what each step depends on (StateParts.footprint), a
 * step is taken once per distinct footprint: its outcome is remembered as the
 * numbers of the parts it made, and the same step from the same parts in
 * another state reuses them without running the model at all. That is what
 * brings any rules near the compact engine's speed.
 */
import type { Model } from "../model/model.js";
import type { PackedModel } from "../model/packed-model.js";
import type { Property } from "../model/property.js";
import { wholeStateParts, type StateParts, type StepFootprint } from "../model/state-parts.js";
import type { Gather } from "./gather.js";
import { GroupTable } from "./group-table.js";
import { grown, KeyTable } from "./key-table.js";
import { PartTable } from "./part-table.js";
import { rememberByGroups, stepMemo, type StepMemo } from "./step-memo.js";

export interface InternedOptions<State> {
  /** The states the executions are counted through (ExploreOptions.measureExecutionsThrough). */
  readonly marked?: (state: State) => boolean;
  /** The model's steps ask another process: ask a chunk's questions in batches (gather.ts). */
  readonly gather?: Gather;
}

/** How many times a chunk's steps are gathered: a step asks its questions one after another, so each round may reveal the next. */
const GATHER_ROUNDS = 8;

/** The most chunks in a row prepared without gathering, once gathering finds no questions in a chunk of at least SKIPPABLE_CHUNK states. */
const MAX_CHUNKS_SKIPPED = 16;
const SKIPPABLE_CHUNK = 1024;

/** A step of a prepared chunk as one number: its state's place in the chunk and its action's in the state's list (actions past the first MAX_GATHERED_ACTIONS of a state are taken when it is expanded, not gathered). */
const MAX_GATHERED_ACTIONS = 65536;
const stepKey = (state: number, action: number) => state * MAX_GATHERED_ACTIONS + action;

/** A property's verdict on a state of a prepared chunk, as gathering worked it out. */
const NOT_WORKED_OUT = 0;
const HOLDS = 1;
const FAILS = 2;

/**
 * The states about to be expanded, as prepared (InternedModel.prepare), and
 * what gathering worked out for them: the successors of the steps that will
 * be taken, and the properties' verdicts. Only that is kept, not the states
 * read along the way: a chunk's thousands of readable states, kept while it
 * is expanded, cost more in garbage collection than reading them again.
 */
interface PreparedChunk<State> {
  readonly vectors: Uint32Array;
  readonly count: number;
  /** The next state expected, and the one being expanded (-1 when it is not from the chunk). */
  next: number;
  current: number;
  /** By stepKey. */
  readonly successors: Map<number, State>;
  /** By state * properties + property: NOT_WORKED_OUT, HOLDS or FAILS. */
  readonly verdicts: Uint8Array;
}

/** How many steps were taken by the model, and how many reused (StateParts.footprint). */
export interface StepCounts {
  readonly taken: number;
  readonly reused: number;
}

export class InternedModel<State, Action> implements PackedModel {
  /** Words of a stored state: one per group of parts. */
  readonly words: number;
  /** Grows as states with more actions are met (PackedModel.successors returns how many, writing nothing, when they do not fit). */
  maxActions = 1;
  readonly initialCount: number;
  readonly marked?: (vector: Uint32Array, at: number) => boolean;
  private readonly parts: StateParts<State, Action>;
  private readonly tables: PartTable[];
  private readonly groups: GroupTable[];
  /** The group of each part. */
  private readonly groupOf: Int32Array;
  private readonly steps = new Map<string, StepMemo>();
  /** The same, by the footprint objects the model hands out (most models make each once). */
  private readonly stepsByFootprint = new Map<StepFootprint, StepMemo>();
  private taken = 0;
  private reused = 0;
  private readonly gather: Gather | undefined;
  /** How many chunks gathering was last told to skip, and how many are left to skip. */
  private skipped = 0;
  private chunksToSkip = 0;
  private readonly initials: readonly State[];
  private readonly properties: readonly Property<State>[];
  /** The part numbers of the successor being made. */
  private readonly childParts: Uint32Array;
  /** The parts handed to `join` (StateParts.join keeps none of the array). */
  private readonly partValues: unknown[];
  /**
   * The state decoded last, its stored vector and its part numbers: the search
   * asks for a state's successors, then its violations, so the state being
   * expanded is always the one decoded last.
   */
  private readonly lastVector: Uint32Array;
  private readonly lastParts: Uint32Array;
  private lastState: State | undefined;
  /** The chunk of states prepared, in the order they will be expanded. */
  private prepared: PreparedChunk<State> | undefined;

  constructor(
    readonly model: Model<State, Action>,
    options: InternedOptions<State> = {},
  ) {
    this.parts = model.parts ?? wholeStateParts(model.key);
    const count = this.parts.count;
    this.tables = Array.from({ length: count }, () => new PartTable());
    const groups = this.parts.groups ?? Array.from({ length: count }, (_, slot) => [slot]);
    this.groups = groups.map((slots) => new GroupTable(slots));
    this.groupOf = new Int32Array(count).fill(-1);
    groups.forEach((slots, g) => {
      for (const slot of slots) {
        if (this.groupOf[slot] !== -1) throw new Error(`part ${slot} is in two groups`);
        this.groupOf[slot] = g;
      }
    });
    if (this.groupOf.includes(-1)) throw new Error(`part ${this.groupOf.indexOf(-1)} is in no group`);
    this.words = Math.max(1, groups.length);
    this.initials = model.initStates();
    this.initialCount = this.initials.length;
    this.properties = model.properties();
    this.partValues = new Array<unknown>(count).fill(undefined);
    this.childParts = new Uint32Array(count);
    this.lastVector = new Uint32Array(this.words);
    this.lastParts = new Uint32Array(count);
    this.gather = options.gather;
    const marked = options.marked;
    if (marked) this.marked = (vector, at) => marked(this.decode(vector, at));
  }

  writeInitial(into: Uint32Array, at: number, index = 0): void {
    this.encode(this.initials[index]!, this.childParts);
    for (let g = 0; g < this.groups.length; g++) into[at + g] = this.groups[g]!.idOf(this.childParts);
  }

  successors(vector: Uint32Array, at: number, into: Uint32Array): number {
    const state = this.decode(vector, at);
    const current = this.prepared?.current ?? -1;
    const successors = current >= 0 ? this.prepared!.successors : undefined;
    const actions = this.model.actions(state);
    const n = actions.length;
    if (n > this.maxActions) this.maxActions = n;
    if (n * this.words > into.length) return n;
    for (let k = 0; k < n; k++) {
      const action = actions[k]!;
      // Worked out when the chunk was prepared, if it is a step to take.
      const gathered = k < MAX_GATHERED_ACTIONS ? successors?.get(stepKey(current, k)) : undefined;
      this.step(state, action, this.parts.footprint?.(state, action), vector, at, into, k * this.words, gathered);
    }
    return n;
  }

  violations(vector: Uint32Array, at: number, terminal: boolean, failed: (property: number) => void): void {
    const state = this.decode(vector, at);
    const chunk = this.prepared;
    const current = chunk?.current ?? -1;
    const properties = this.properties;
    for (let i = 0; i < properties.length; i++) {
      const property = properties[i]!;
      if (!terminal && property.expectation !== "always") continue;
      const worked = current >= 0 ? chunk!.verdicts[current * properties.length + i]! : NOT_WORKED_OUT;
      if (worked === NOT_WORKED_OUT ? property.check(state) !== undefined : worked === FAILS) failed(i);
    }
  }

  /**
   * Told the next `count` states to be expanded, in order (vectors back to
   * back from `at`). With `gather`, works out in a few batches the steps of
   * theirs it will have to take, and their properties' verdicts: not the
   * steps it remembers, nor those that repeat a step of an earlier state of
   * the chunk (it takes that one, and reuses it).
   */
  prepare(vectors: Uint32Array, at: number, count: number): void {
    this.prepared = undefined;
    if (!this.gather) return;
    // Once the model's questions are answered, gathering finds none: it is tried again less and less often.
    if (this.chunksToSkip > 0) {
      this.chunksToSkip--;
      return;
    }
    const words = this.words;
    const width = this.parts.count;
    // The part numbers of every state of the chunk, back to back.
    const parts = new Uint32Array(count * width);
    for (let i = 0; i < count; i++) this.expand(vectors, at + i * words, parts.subarray(i * width, (i + 1) * width));
    const chunk: PreparedChunk<State> = {
      vectors: vectors.slice(at, at + count * words),
      count,
      next: 0,
      current: -1,
      successors: new Map(),
      verdicts: new Uint8Array(count * this.properties.length),
    };
    this.prepared = chunk;
    const coming = new Map<StepMemo, KeyTable>();
    /** The step is remembered, or an earlier state of the chunk takes it first. */
    const known = (i: number, footprint: StepFootprint | undefined) => {
      if (footprint === undefined) return false;
      const memo = this.memoOf(footprint);
      for (let g = 0; g < memo.groups.length; g++) memo.groupKey[g] = chunk.vectors[i * words + memo.groups[g]!]!;
      if (memo.byGroups && memo.groupTable.find(memo.groupKey, 0) >= 0) return true;
      if (this.remembered(parts.subarray(i * width, (i + 1) * width), footprint) >= 0) return true;
      let first = coming.get(memo);
      if (!first) coming.set(memo, (first = new KeyTable(Math.max(1, memo.width), 16)));
      const size = first.size;
      return first.intern(memo.scratch, 0) < size;
    };
    this.gatherSteps(chunk, (i) => this.join(parts.subarray(i * width, (i + 1) * width)), known);
  }

  /**
   * Works out the chunk's steps that will be taken, and its properties'
   * verdicts, with the model's questions asked in batches
   * (InternedOptions.gather): the first round reads every state of the
   * chunk; the later ones only redo what waited on an answer.
   */
  private gatherSteps(chunk: PreparedChunk<State>, stateAt: (i: number) => State, known: (i: number, footprint: StepFootprint | undefined) => boolean): void {
    const properties = this.properties;
    // What waited on an answer, with the state it was about: worked out again in the next round.
    let steps: { readonly state: State; readonly key: number; readonly action: Action }[] = [];
    let checks: { readonly state: State; readonly at: number; readonly property: Property<State> }[] = [];
    const takeStep = (state: State, key: number, action: Action) => {
      try {
        chunk.successors.set(key, this.model.nextState(state, action));
        return true;
      } catch {
        // not answered yet, or a fault: taken again when the explorer takes it, in its order
        return false;
      }
    };
    const check = (state: State, at: number, property: Property<State>) => {
      try {
        chunk.verdicts[at] = property.check(state) === undefined ? HOLDS : FAILS;
        return true;
      } catch {
        // checked again when the explorer checks it
        return false;
      }
    };
    const firstRound = () => {
      for (let i = 0; i < chunk.count; i++) {
        const state = stateAt(i);
        const actions = this.model.actions(state);
        // Properties may ask questions too (a learner's function judging a state): their verdicts are worked out here as well.
        for (let p = 0; p < properties.length; p++) {
          const property = properties[p]!;
          if (property.expectation === "atTermination" && actions.length > 0) continue;
          const at = i * properties.length + p;
          if (!check(state, at, property)) checks.push({ state, at, property });
        }
        for (let k = 0; k < actions.length && k < MAX_GATHERED_ACTIONS; k++) {
          const action = actions[k]!;
          if (known(i, this.parts.footprint?.(state, action))) continue;
          const key = stepKey(i, k);
          if (!takeStep(state, key, action)) steps.push({ state, key, action });
        }
      }
    };
    const laterRound = () => {
      checks = checks.filter(({ state, at, property }) => !check(state, at, property));
      steps = steps.filter(({ state, key, action }) => !takeStep(state, key, action));
    };
    for (let round = 0; round < GATHER_ROUNDS; round++) {
      const more = this.gather!(round === 0 ? firstRound : laterRound);
      // Only a large chunk is worth skipping: on a small one a question asked alone costs more than gathering.
      if (round === 0) this.skipped = more || chunk.count < SKIPPABLE_CHUNK ? 0 : Math.min(MAX_CHUNKS_SKIPPED, 2 * this.skipped + 1);
      if (!more || (steps.length === 0 && checks.length === 0)) break;
    }
    this.chunksToSkip = this.skipped;
  }

  /** The readable state of a stored vector, made of canonical parts. */
  decode(vector: Uint32Array, at: number): State {
    if (this.lastState !== undefined && this.isLast(vector, at)) return this.lastState;
    this.expand(vector, at, this.lastParts);
    this.findInChunk(vector, at);
    const state = this.join(this.lastParts);
    for (let i = 0; i < this.words; i++) this.lastVector[i] = vector[at + i]!;
    this.lastState = state;
    return state;
  }

  /** How many distinct parts the states met are made of. */
  get distinctParts(): number {
    return this.tables.reduce((sum, table) => sum + table.size, 0);
  }

  /** Bytes of the tables that number the groups and remember steps (the parts themselves are objects in the heap). */
  get bytes(): number {
    let bytes = 0;
    for (const group of this.groups) bytes += group.bytes;
    for (const memo of this.steps.values()) bytes += memo.table.bytes + memo.results.byteLength + memo.groupTable.bytes + memo.groupResults.byteLength;
    return bytes;
  }

  get stepCounts(): StepCounts {
    return { taken: this.taken, reused: this.reused };
  }

  /** Writes the successor by `action` of the state being expanded (decoded last: `lastParts`, stored at `vector[at ..]`) to `into[to ..]`. */
  private step(
    state: State,
    action: Action,
    footprint: StepFootprint | undefined,
    vector: Uint32Array,
    at: number,
    into: Uint32Array,
    to: number,
    gathered?: State,
  ): void {
    const { lastParts: parentParts, childParts } = this;
    if (!footprint) {
      this.taken++;
      this.encode(gathered ?? this.model.nextState(state, action), childParts);
      for (let g = 0; g < this.groups.length; g++) into[to + g] = this.groups[g]!.idOf(childParts);
      return;
    }
    const memo = this.memoOf(footprint);
    // First by the numbers of the groups the step touches: a hit needs no part at all.
    const { groups, groupKey } = memo;
    for (let i = 0; i < groups.length; i++) groupKey[i] = vector[at + groups[i]!]!;
    const before = memo.byGroups ? memo.groupTable.find(groupKey, 0) : -1;
    for (let g = 0; g < this.words; g++) into[to + g] = vector[at + g]!;
    if (before >= 0) {
      this.reused++;
      memo.groupHits++;
      for (let i = 0; i < groups.length; i++) into[to + groups[i]!] = memo.groupResults[before * groups.length + i]!;
      return;
    }
    const { slots, width } = memo;
    const known = this.remembered(parentParts, footprint);
    if (known >= 0) {
      this.reused++;
      childParts.set(parentParts);
      for (let i = 0; i < width; i++) childParts[slots[i]!] = memo.results[known * width + i]!;
    } else {
      this.taken++;
      this.encode(gathered ?? this.model.nextState(state, action), childParts);
      let s = 0;
      for (let slot = 0; slot < childParts.length; slot++) {
        if (slots[s] === slot) s++;
        else if (childParts[slot] !== parentParts[slot])
          throw new Error(`the footprint of step "${footprint.key}" leaves out part ${slot}, which the step changed`);
      }
      const id = memo.table.intern(memo.scratch, 0);
      if (memo.results.length < (id + 1) * width) memo.results = grown(memo.results, (id + 1) * width);
      for (let i = 0; i < width; i++) memo.results[id * width + i] = childParts[slots[i]!]!;
    }
    // Only the groups with a part in the footprint can have changed.
    for (let i = 0; i < groups.length; i++) into[to + groups[i]!] = this.groups[groups[i]!]!.idOf(childParts);
    if (!rememberByGroups(memo)) return;
    const id = memo.groupTable.intern(groupKey, 0);
    if (memo.groupResults.length < (id + 1) * groups.length) memo.groupResults = grown(memo.groupResults, (id + 1) * groups.length);
    for (let i = 0; i < groups.length; i++) memo.groupResults[id * groups.length + i] = into[to + groups[i]!]!;
  }

  /** The number of the remembered outcome of the step with this footprint from a state with these part numbers, or -1; leaves the footprint's parts in the memo's scratch. */
  private remembered(parts: Uint32Array, footprint: StepFootprint | undefined): number {
    if (!footprint) return -1;
    const memo = this.memoOf(footprint);
    for (let i = 0; i < memo.width; i++) memo.scratch[i] = parts[memo.slots[i]!]!;
    return memo.table.find(memo.scratch, 0);
  }

  private memoOf(footprint: StepFootprint): StepMemo {
    let memo = this.stepsByFootprint.get(footprint) ?? this.steps.get(footprint.key);
    if (!memo) {
      memo = stepMemo(footprint, this.groupOf);
      this.steps.set(footprint.key, memo);
    }
    if (this.stepsByFootprint.size < 65536) this.stepsByFootprint.set(footprint, memo);
    return memo;
  }

  /** The part numbers of a state, interning its new parts. */
  private encode(state: State, into: Uint32Array): void {
    const parts = this.parts.split(state);
    for (let slot = 0; slot < parts.length; slot++) into[slot] = this.tables[slot]!.idOf(parts[slot], slot, this.parts);
  }

  /** The part numbers of a stored vector. */
  private expand(vector: Uint32Array, at: number, into: Uint32Array): void {
    for (let g = 0; g < this.groups.length; g++) this.groups[g]!.expand(vector[at + g]!, into);
  }

  private join(parts: Uint32Array): State {
    const values = this.partValues;
    for (let slot = 0; slot < values.length; slot++) values[slot] = this.tables[slot]!.values[parts[slot]!];
    return this.parts.join(values);
  }

  private isLast(vector: Uint32Array, at: number): boolean {
    for (let i = 0; i < this.words; i++) if (this.lastVector[i] !== vector[at + i]) return false;
    return true;
  }

  /** Whether the state with this vector is the next one of the prepared chunk: if so, it is the one expanded now (PreparedChunk.current). */
  private findInChunk(vector: Uint32Array, at: number): void {
    const chunk = this.prepared;
    if (!chunk) return;
    chunk.current = -1;
    if (chunk.next >= chunk.count) return;
    const from = chunk.next * this.words;
    for (let i = 0; i < this.words; i++) if (chunk.vectors[from + i] !== vector[at + i]) return;
    chunk.current = chunk.next++;
  }
}
