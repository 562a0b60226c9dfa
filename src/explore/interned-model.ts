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
 * another state reuses them without running the model at all. Where it also
 * says which of those parts the step reads (StepFootprint.reads), an outcome
 * that changed no other part is reused wherever the parts read meet again.
 * That is what brings any rules near the compact engine's speed.
 *
 * Where the model lists its actions part by part (StateParts.actionSources)
 * and says which parts keep its properties from failing (mayFail), a state
 * whose steps were all met before is expanded and judged on its numbers
 * alone: it is made only when a step runs or a property is asked.
 *
 * Where the model says what partial-order reduction needs (Model.reduction),
 * so does this one, on the stored vectors (interned-reduction.ts).
 */
import type { Model } from "../model-contract/model.js";
import type { PackedModel } from "../model-contract/packed-model.js";
import type { Property } from "../model-contract/property.js";
import { wholeStateParts, type StateParts, type StepFootprint } from "../model-contract/state-parts.js";
import { FailableProperties } from "./failable-properties.js";
import type { Gather } from "./gather.js";
import { GroupTable } from "./group-table.js";
import { internedReduction, type InternedReduction, type StepWatch } from "./interned-reduction.js";
import { grown } from "./key-table.js";
import { PartTable } from "./part-table.js";
import { rememberByGroups, rememberByReads, rememberedByReads, stepMemo, type StepMemo } from "./step-memo.js";

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

/** A property's verdict on a state of a prepared chunk, as gathering worked it out. */
const NOT_WORKED_OUT = 0;
const HOLDS = 1;
const FAILS = 2;

/** The actions a part of an action source gives, and the memos of their footprints (StateParts.actionSources); `ends`: it allows no action at all. */
interface SourceSteps<Action> {
  readonly actions: readonly Action[];
  readonly memos: readonly StepMemo[];
  readonly ends: boolean;
  /** With a reduction (Model.reduction): the transition each action is, which depends on the part alone (Reduction.transition). */
  readonly transitions: readonly number[];
}

/**
 * The states about to be expanded, as prepared (InternedModel.prepare): each
 * one expanded already, where its questions were answered, its successors
 * written as the search stores them, and its properties' verdicts. The search
 * then only copies them: a state is read, its actions listed and its steps
 * looked up once, whether its questions were gathered or not.
 */
interface PreparedChunk {
  readonly vectors: Uint32Array;
  readonly count: number;
  /** The next state expected, and the one being expanded (-1 when it is not from the chunk). */
  next: number;
  current: number;
  /** Per state: how many successors it has, or -1 if it was not expanded; and where they start in `successors`. */
  readonly expanded: Int32Array;
  readonly from: Int32Array;
  successors: Uint32Array;
  used: number;
  /** By state * properties + property: NOT_WORKED_OUT, HOLDS or FAILS. */
  readonly verdicts: Uint8Array;
  /** Per state, in a reduced search: 1 once what choosing its transitions asks was worked out (InternedReduction.workOut). */
  readonly chosen: Uint8Array;
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
  readonly reduction?: InternedReduction;
  private readonly parts: StateParts<State, Action>;
  private readonly tables: PartTable[];
  private readonly groups: GroupTable[];
  /** The group of each part, and how many parts each group has. */
  private readonly groupOf: Int32Array;
  private readonly groupSizes: Int32Array;
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
   * The stored vector read last, its part numbers and, once made, its state:
   * the search asks for a state's successors, then its violations, so the
   * state being expanded is always the one read last.
   */
  private readonly lastVector: Uint32Array;
  private readonly lastParts: Uint32Array;
  private lastRead = false;
  private lastState: State | undefined;
  /** The actions of the state read last, and the memos of their footprints (listSteps; entries past the count listed are stale). */
  private readonly listedActions: Action[] = [];
  private readonly listedMemos: (StepMemo | undefined)[] = [];
  /** StateParts.actionSources, and per source, by the number of its part: that part's actions and the memos of their footprints. */
  private readonly sources: Int32Array | undefined;
  private readonly sourceSteps: SourceSteps<Action>[][];
  /** Which properties checked in every state may fail where (StateParts.mayFail). */
  private readonly failable: FailableProperties<State>;
  /** The chunk of states prepared, in the order they will be expanded. */
  private prepared: PreparedChunk | undefined;
  /** Told of every step the model takes, while a reduced search watches them (interned-reduction.ts). */
  private watch: StepWatch<State, Action> | undefined;
  private reducing = false;
  /** Per action source, by the number of its part: how many actions it gives, or -1 where it ends the run (isTerminal). */
  private readonly sourceCounts: number[][];
  private readonly scratchParts: Uint32Array;

  constructor(
    readonly model: Model<State, Action>,
    options: InternedOptions<State> = {},
  ) {
    this.parts = model.parts ?? wholeStateParts(model.key);
    const count = this.parts.count;
    this.tables = Array.from({ length: count }, () => new PartTable());
    const groups = this.parts.groups ?? Array.from({ length: count }, (_, slot) => [slot]);
    this.groups = groups.map((slots) => new GroupTable(slots));
    this.groupSizes = Int32Array.from(groups, (slots) => slots.length);
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
    this.sources = this.parts.actionSources && this.parts.actionsOf && this.parts.footprint ? Int32Array.from(this.parts.actionSources) : undefined;
    this.sourceSteps = Array.from(this.sources ?? [], () => []);
    this.failable = new FailableProperties(this.parts, this.properties, this.groups, this.tables);
    const marked = options.marked;
    if (marked) this.marked = (vector, at) => marked(this.decode(vector, at));
    this.sourceCounts = Array.from(this.sources ?? [], () => []);
    this.scratchParts = new Uint32Array(count);
    if (model.reduction) this.reduction = internedReduction(this, model.reduction);
  }

  /** Whether the state stored at `vector[at ..]` has no action; found from its parts alone where the model lists actions part by part. */
  isTerminal(vector: Uint32Array, at: number): boolean {
    const sources = this.sources;
    if (!sources) return this.model.actions(this.decode(vector, at)).length === 0;
    this.expand(vector, at, this.scratchParts);
    let actions = 0;
    for (let s = 0; s < sources.length; s++) {
      const slot = sources[s]!;
      const id = this.scratchParts[slot]!;
      let n = this.sourceCounts[s]![id];
      if (n === undefined) {
        const listed = this.parts.actionsOf!(this.tables[slot]!.values[id], s);
        this.sourceCounts[s]![id] = n = listed ? listed.length : -1;
      }
      if (n < 0) return true;
      actions += n;
    }
    return actions === 0;
  }

  /** Whether a reduced search runs from now on, each step the model takes then told to `watch`. */
  reduced(on: boolean, watch?: StepWatch<State, Action>): void {
    this.reducing = on;
    this.watch = on ? watch : undefined;
  }

  /** The model's step by `action` from the state stored at `vector[at ..]`, told to the watch. */
  private nextState(vector: Uint32Array, at: number, action: Action): State {
    const before = this.decode(vector, at);
    const after = this.model.nextState(before, action);
    this.watch?.(before, action, after);
    return after;
  }

  writeInitial(into: Uint32Array, at: number, index = 0): void {
    this.encode(this.initials[index]!, this.childParts);
    for (let g = 0; g < this.groups.length; g++) into[at + g] = this.groups[g]!.idOf(this.childParts);
  }

  successors(vector: Uint32Array, at: number, into: Uint32Array): number {
    const i = this.placeInChunk(vector, at);
    if (i >= 0 && this.prepared!.expanded[i]! >= 0) return this.preparedSuccessors(i, into);
    return this.takeSteps(vector, at, into);
  }

  /**
   * The successors of the state stored at `vector[at ..]`, in a fresh array,
   * whatever chunk is prepared (interned-reduction.ts tries steps beside the
   * search). Every step is taken before a step that threw throws again, so
   * that all of their questions are gathered in one round. With `wanted`,
   * only the steps at the places it picks are taken; the others are left 0.
   */
  successorsOf(vector: Uint32Array, at: number, wanted?: (k: number) => boolean): Uint32Array {
    const n = this.listSteps(vector, at);
    if (n > this.maxActions) this.maxActions = n;
    const into = new Uint32Array(n * this.words);
    let thrown: { error: unknown } | undefined;
    for (let k = 0; k < n; k++) {
      if (wanted && !wanted(k)) continue;
      try {
        this.step(this.listedActions[k]!, this.listedMemos[k], vector, at, into, k * this.words);
      } catch (error) {
        thrown ??= { error };
      }
    }
    if (thrown) throw thrown.error;
    return into;
  }

  /** The numbers of the parts in the footprints of the state's actions at these places (listSteps order), as a key; undefined without footprints. */
  footprintKey(vector: Uint32Array, at: number, actions: readonly number[]): string | undefined {
    this.listSteps(vector, at);
    const marked = this.scratchParts.fill(0);
    for (const k of actions) {
      const memo = this.listedMemos[k];
      if (!memo) return undefined;
      // What a step does not read it only appends to: two steps leave it alike in either order, or not, whatever it held.
      for (const slot of memo.byReads?.slots ?? memo.slots) marked[slot] = 1;
    }
    const parts = this.partsOf(vector, at);
    let key = "";
    for (let slot = 0; slot < marked.length; slot++) if (marked[slot] === 1) key += `${slot}=${parts[slot]} `;
    return key;
  }

  /** Writes the successors of the state stored at `vector[at ..]` to `into`, if they fit; returns how many there are. */
  private takeSteps(vector: Uint32Array, at: number, into: Uint32Array): number {
    const n = this.listSteps(vector, at);
    if (n > this.maxActions) this.maxActions = n;
    if (n * this.words > into.length) return n;
    for (let k = 0; k < n; k++) this.step(this.listedActions[k]!, this.listedMemos[k], vector, at, into, k * this.words);
    return n;
  }

  /** The successors of state `i` of the prepared chunk, expanded when it was prepared. */
  private preparedSuccessors(i: number, into: Uint32Array): number {
    const chunk = this.prepared!;
    const n = chunk.expanded[i]!;
    if (n * this.words > into.length) return n;
    into.set(chunk.successors.subarray(chunk.from[i]!, chunk.from[i]! + n * this.words));
    return n;
  }

  violations(vector: Uint32Array, at: number, terminal: boolean, failed: (property: number) => void): void {
    const i = this.placeInChunk(vector, at);
    const verdicts = i >= 0 ? this.prepared!.verdicts : undefined;
    const properties = this.properties;
    // Read only if a verdict was not worked out when the chunk was prepared, nor told by the parts (StateParts.mayFail).
    let state: State | undefined;
    let mayFail: number | undefined;
    for (let p = 0; p < properties.length; p++) {
      const property = properties[p]!;
      if (!terminal && property.expectation !== "always") continue;
      const worked = verdicts ? verdicts[i * properties.length + p]! : NOT_WORKED_OUT;
      if (worked === NOT_WORKED_OUT) {
        if (property.expectation === "always" && FailableProperties.holds((mayFail ??= this.failable.in(vector, at)), p)) continue;
        state ??= this.decode(vector, at);
        if (property.check(state) !== undefined) failed(p);
      } else if (worked === FAILS) failed(p);
    }
  }

  /**
   * Told the next `count` states to be expanded, in order (vectors back to
   * back from `at`). With `gather`, expands them now, with the model's
   * questions asked in a few batches: each state whose questions are all
   * answered is expanded, and its properties judged, as the search will ask.
   */
  prepare(vectors: Uint32Array, at: number, count: number): void {
    this.prepared = undefined;
    if (!this.gather) return;
    // Once the model's questions are answered, gathering finds none: it is tried again less and less often.
    if (this.chunksToSkip > 0) {
      this.chunksToSkip--;
      return;
    }
    const chunk: PreparedChunk = {
      vectors: vectors.slice(at, at + count * this.words),
      count,
      next: 0,
      current: -1,
      expanded: new Int32Array(count).fill(-1),
      from: new Int32Array(count),
      successors: new Uint32Array(count * this.words * this.maxActions),
      used: 0,
      verdicts: new Uint8Array(count * this.properties.length),
      chosen: new Uint8Array(count),
    };
    this.prepared = chunk;
    // The states with a step or a verdict that waited on an answer: tried again in the next round.
    let waiting = Array.from({ length: count }, (_, i) => i);
    for (let round = 0; round < GATHER_ROUNDS && waiting.length > 0; round++) {
      const more = this.gather(() => {
        waiting = waiting.filter((i) => !this.expandInChunk(chunk, i));
      });
      // Only a large chunk is worth skipping: on a small one a question asked alone costs more than gathering.
      if (round === 0) this.skipped = more || count < SKIPPABLE_CHUNK ? 0 : Math.min(MAX_CHUNKS_SKIPPED, 2 * this.skipped + 1);
      if (!more) break;
    }
    this.chunksToSkip = this.skipped;
  }

  /**
   * Judges and expands state `i` of the chunk, as far as the answers known
   * allow; says whether it is done. A step or a verdict that throws (a
   * question not answered yet, or a fault) is left for the next round, or
   * for the explorer to take in its own order.
   */
  private expandInChunk(chunk: PreparedChunk, i: number): boolean {
    const words = this.words;
    const properties = this.properties;
    const n = this.listSteps(chunk.vectors, i * words);
    const mayFail = this.failable.in(chunk.vectors, i * words);
    let done = true;
    // Properties may ask questions too (a learner's function judging a state).
    for (let p = 0; p < properties.length; p++) {
      const property = properties[p]!;
      const at = i * properties.length + p;
      if (chunk.verdicts[at] !== NOT_WORKED_OUT || (property.expectation === "atTermination" && n > 0)) continue;
      if (property.expectation === "always" && FailableProperties.holds(mayFail, p)) {
        chunk.verdicts[at] = HOLDS;
        continue;
      }
      try {
        chunk.verdicts[at] = property.check(this.decode(chunk.vectors, i * words)) === undefined ? HOLDS : FAILS;
      } catch {
        done = false;
      }
    }
    if (chunk.expanded[i]! >= 0) return this.choiceWorkedOut(chunk, i) && done;
    if (n > this.maxActions) this.maxActions = n;
    if (chunk.successors.length < chunk.used + n * words) chunk.successors = grown(chunk.successors, chunk.used + n * words);
    const { taken, reused } = this;
    let expanded = true;
    for (let k = 0; k < n; k++) {
      try {
        this.step(this.listedActions[k]!, this.listedMemos[k], chunk.vectors, i * words, chunk.successors, chunk.used + k * words);
      } catch {
        // The other steps still ask their questions in this round.
        expanded = false;
      }
    }
    if (!expanded) {
      // Counted when the state is expanded after all.
      this.taken = taken;
      this.reused = reused;
      return false;
    }
    chunk.expanded[i] = n;
    chunk.from[i] = chunk.used;
    chunk.used += n * words;
    return this.choiceWorkedOut(chunk, i) && done;
  }

  /**
   * In a reduced search: whether what choosing state `i`'s transitions to
   * take asks of the model (the steps tried to find which commute) is
   * worked out, working it out if it can: its questions gathered with the
   * chunk's, not asked one by one when the search gets there.
   */
  private choiceWorkedOut(chunk: PreparedChunk, i: number): boolean {
    if (!this.reducing || chunk.chosen[i] === 1) return true;
    try {
      this.reduction!.workOut(chunk.vectors, i * this.words);
    } catch {
      return false;
    }
    chunk.chosen[i] = 1;
    return true;
  }

  /** The readable state of a stored vector, made of canonical parts. */
  decode(vector: Uint32Array, at: number): State {
    const parts = this.partsOf(vector, at);
    this.lastState ??= this.join(parts);
    return this.lastState;
  }

  /** The part numbers of a stored vector (in `lastParts`, until another vector is read). */
  private partsOf(vector: Uint32Array, at: number): Uint32Array {
    if (this.lastRead && this.sameState(this.lastVector, 0, vector, at)) return this.lastParts;
    this.expand(vector, at, this.lastParts);
    for (let i = 0; i < this.words; i++) this.lastVector[i] = vector[at + i]!;
    this.lastRead = true;
    this.lastState = undefined;
    return this.lastParts;
  }

  /**
   * Lists the actions of the state stored at `vector[at ..]`, with the memos
   * of their footprints, in `listedActions` and `listedMemos`; returns how many.
   * Where the model lists them part by part (StateParts.actionSources), each
   * part's are worked out once, and a state is not made to list them.
   */
  private listSteps(vector: Uint32Array, at: number): number {
    const { listedActions: actions, listedMemos: memos, sources } = this;
    let n = 0;
    if (sources) {
      const parts = this.partsOf(vector, at);
      for (let s = 0; s < sources.length; s++) {
        const steps = this.sourceSteps[s]![parts[sources[s]!]!] ?? this.listSource(s, vector, at);
        if (steps.ends) return 0;
        for (let k = 0; k < steps.actions.length; k++) {
          actions[n] = steps.actions[k]!;
          memos[n++] = steps.memos[k];
        }
      }
    } else {
      const state = this.decode(vector, at);
      const listed = this.model.actions(state);
      for (; n < listed.length; n++) {
        const footprint = this.parts.footprint?.(state, listed[n]!);
        actions[n] = listed[n]!;
        memos[n] = footprint && this.memoOf(footprint);
      }
    }
    return n;
  }

  /** The actions of source `s` in the state stored at `vector[at ..]`, and their footprints, worked out and kept for its part. */
  private listSource(s: number, vector: Uint32Array, at: number): SourceSteps<Action> {
    const slot = this.sources![s]!;
    const id = this.partsOf(vector, at)[slot]!;
    const actions = this.parts.actionsOf!(this.tables[slot]!.values[id], s);
    const state = this.decode(vector, at);
    const reduction = this.model.reduction;
    const steps = actions
      ? {
          actions,
          memos: actions.map((action) => this.memoOf(this.parts.footprint!(state, action))),
          ends: false,
          transitions: reduction ? actions.map((action) => reduction.transition(state, action)) : [],
        }
      : { actions: [], memos: [], ends: true, transitions: [] };
    this.sourceSteps[s]![id] = steps;
    return steps;
  }

  /** The transitions (Reduction.transition) of the actions of the state stored at `vector[at ..]`, in the order its successors are written. */
  transitionsAt(vector: Uint32Array, at: number): Int32Array {
    const reduction = this.model.reduction!;
    const n = this.listSteps(vector, at);
    if (!this.sources) {
      const state = this.decode(vector, at);
      return Int32Array.from(this.listedActions.slice(0, n), (action) => reduction.transition(state, action));
    }
    const transitions = new Int32Array(n);
    const parts = this.lastParts;
    let k = 0;
    for (let s = 0; s < this.sources.length && k < n; s++) {
      for (const t of this.sourceSteps[s]![parts[this.sources[s]!]!]!.transitions) transitions[k++] = t;
    }
    return transitions;
  }

  /** How many distinct parts the states met are made of. */
  get distinctParts(): number {
    return this.tables.reduce((sum, table) => sum + table.size, 0);
  }

  /** Bytes of the tables that number the groups and remember steps (the parts themselves are objects in the heap). */
  get bytes(): number {
    let bytes = 0;
    for (const group of this.groups) bytes += group.bytes;
    for (const memo of this.steps.values()) {
      bytes += memo.table.bytes + memo.results.byteLength + memo.wholeGroups.byteLength + memo.groupTable.bytes + memo.groupResults.byteLength;
      if (memo.byReads) bytes += memo.byReads.table.bytes + memo.byReads.results.byteLength;
    }
    return bytes;
  }

  get stepCounts(): StepCounts {
    return { taken: this.taken, reused: this.reused };
  }

  /** Writes the successor by `action` of the state being expanded (read last: `lastParts`, stored at `vector[at ..]`) to `into[to ..]`. */
  private step(action: Action, memo: StepMemo | undefined, vector: Uint32Array, at: number, into: Uint32Array, to: number): void {
    const { lastParts: parentParts, childParts } = this;
    if (!memo) {
      this.taken++;
      this.encode(this.nextState(vector, at, action), childParts);
      for (let g = 0; g < this.groups.length; g++) into[to + g] = this.groups[g]!.idOf(childParts);
      return;
    }
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
    let outcome = this.remembered(memo, vector, at, parentParts);
    if (outcome >= 0) {
      this.reused++;
      childParts.set(parentParts);
      for (let i = 0; i < width; i++) childParts[slots[i]!] = memo.results[outcome * width + i]!;
    } else {
      // Not met with these parts: met with the parts it reads, it changed only those, in the same way.
      const byReads = memo.byReads;
      const known = byReads ? rememberedByReads(byReads, parentParts) : -1;
      if (known >= 0) {
        this.reused++;
        const read = byReads!.slots;
        childParts.set(parentParts);
        for (let i = 0; i < read.length; i++) childParts[read[i]!] = byReads!.results[known * read.length + i]!;
      } else {
        this.taken++;
        this.encode(this.nextState(vector, at, action), childParts);
        let s = 0;
        for (let slot = 0; slot < childParts.length; slot++) {
          if (slots[s] === slot) s++;
          else if (childParts[slot] !== parentParts[slot])
            throw new Error(`the footprint of step "${memo.key}" leaves out part ${slot}, which the step changed`);
        }
        if (byReads) rememberByReads(byReads, slots, parentParts, childParts);
      }
      outcome = memo.table.intern(memo.scratch, 0);
      if (memo.results.length < (outcome + 1) * width) memo.results = grown(memo.results, (outcome + 1) * width);
      if (memo.wholeGroups.length < (outcome + 1) * groups.length) {
        const before = memo.wholeGroups.length;
        memo.wholeGroups = grown(memo.wholeGroups, (outcome + 1) * groups.length);
        memo.wholeGroups.fill(-1, before);
      }
      for (let i = 0; i < width; i++) memo.results[outcome * width + i] = childParts[slots[i]!]!;
    }
    // Only the groups with a part in the footprint can have changed; a group it covers whole is the same row for the same outcome.
    for (let i = 0; i < groups.length; i++) {
      const kept = outcome * groups.length + i;
      let id = memo.wholeGroups[kept]!;
      if (id < 0) {
        id = this.groups[groups[i]!]!.idOf(childParts);
        if (memo.whole[i] === 1) memo.wholeGroups[kept] = id;
      }
      into[to + groups[i]!] = id;
    }
    if (!rememberByGroups(memo)) return;
    const id = memo.groupTable.intern(groupKey, 0);
    if (memo.groupResults.length < (id + 1) * groups.length) memo.groupResults = grown(memo.groupResults, (id + 1) * groups.length);
    for (let i = 0; i < groups.length; i++) memo.groupResults[id * groups.length + i] = into[to + groups[i]!]!;
  }

  /** The number of the step's remembered outcome from the state stored at `vector[at ..]`, with these part numbers, or -1; leaves its key in the memo's scratch. */
  private remembered(memo: StepMemo, vector: Uint32Array, at: number, parts: Uint32Array): number {
    const { keyGroups, keySlots, scratch } = memo;
    for (let i = 0; i < keyGroups.length; i++) scratch[i] = vector[at + keyGroups[i]!]!;
    for (let i = 0; i < keySlots.length; i++) scratch[keyGroups.length + i] = parts[keySlots[i]!]!;
    return memo.table.find(scratch, 0);
  }

  private memoOf(footprint: StepFootprint): StepMemo {
    const known = this.stepsByFootprint.get(footprint);
    if (known) return known;
    let memo = this.steps.get(footprint.key);
    if (!memo) {
      memo = stepMemo(footprint, this.groupOf, this.groupSizes);
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

  /** Whether the stored states at `a[aAt ..]` and `b[bAt ..]` are the same. */
  private sameState(a: Uint32Array, aAt: number, b: Uint32Array, bAt: number): boolean {
    for (let i = 0; i < this.words; i++) if (a[aAt + i] !== b[bAt + i]) return false;
    return true;
  }

  /** The state's place in the prepared chunk, if it is the one being expanded or the next one (then it becomes the one being expanded); else -1. */
  private placeInChunk(vector: Uint32Array, at: number): number {
    const chunk = this.prepared;
    if (!chunk) return -1;
    if (chunk.current >= 0 && this.sameState(chunk.vectors, chunk.current * this.words, vector, at)) return chunk.current;
    chunk.current = chunk.next < chunk.count && this.sameState(chunk.vectors, chunk.next * this.words, vector, at) ? chunk.next++ : -1;
    return chunk.current;
  }
}
