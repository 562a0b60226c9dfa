// Reference implementation ("oracle") of the bank model of spec/model.md.
//
// It is written independently of src/ and deliberately naively: states are plain
// objects, identified by their canonical JSON string, explored breadth-first with a Map
// as the visited set. Tests compare the main explorer's figures with the ones below.

export interface OracleScenario {
  processes: Record<string, number>;
  channels?: [string, string][];
  programs?: Record<string, { to: string; amount: number }[]>;
  initiators: string[];
  fifo?: boolean;
}

export interface OracleFigures {
  states: number;
  transitions: number;
  executions: bigint;
  /** distinct recorded global states among terminal states */
  snapshots: number;
  /** property name -> length of its shortest counterexample; only violated properties appear */
  violated: Record<string, number>;
}

// ---------------------------------------------------------------------------
// Model data. Processes and channels are referred to by their index, so that every
// state is a tree of arrays in a fixed order and JSON.stringify gives a canonical key.

type DataMsg = { kind: "data"; id: string; amount: number };
type Msg = DataMsg | { kind: "marker" };
type ChannelRec = { status: "idle" } | { status: "open"; list: DataMsg[] } | { status: "closed"; list: DataMsg[] };

interface Recorded {
  pc: number;
  balance: number;
  received: string[]; // a set, kept sorted so equal sets give equal keys
}

interface State {
  pc: number[];
  balance: number[];
  received: string[][]; // sorted, as above
  recorded: (Recorded | null)[];
  queue: Msg[][];
  rec: ChannelRec[];
}

/** One program step, i.e. one data message that may ever be sent. */
interface Send {
  id: string;
  from: number;
  to: number;
  channel: number;
  amount: number;
}

interface Model {
  names: string[];
  initial: number[];
  channels: { from: number; to: number }[];
  program: Send[][]; // program[p][k] = p's (k+1)-th send
  initiators: Set<number>;
  fifo: boolean;
}

/** `xs[i]`, asserting it exists (noUncheckedIndexedAccess makes every index optional). */
function at<T>(xs: readonly T[], i: number): T {
  const x = xs[i];
  if (x === undefined) throw new Error(`oracle: index ${i} out of range`);
  return x;
}

function buildModel(scenario: OracleScenario, fifoOverride?: boolean): Model {
  const names = Object.keys(scenario.processes); // key order = process order
  const index = (name: string): number => {
    const i = names.indexOf(name);
    if (i < 0) throw new Error(`oracle: unknown process ${name}`);
    return i;
  };
  const initial = names.map((n) => scenario.processes[n] ?? 0);

  // Absent channels: the complete directed graph, ordered pairs in process order.
  const pairs: [string, string][] = scenario.channels ?? names.flatMap((a) => names.filter((b) => b !== a).map((b): [string, string] => [a, b]));
  const channels = pairs.map(([a, b]) => ({ from: index(a), to: index(b) }));
  const channelOf = (from: number, to: number): number => {
    const c = channels.findIndex((ch) => ch.from === from && ch.to === to);
    if (c < 0) throw new Error(`oracle: no channel ${at(names, from)}->${at(names, to)}`);
    return c;
  };

  const program = names.map((name, p) =>
    (scenario.programs?.[name] ?? []).map((step, k): Send => {
      const to = index(step.to);
      return { id: `${name}#${k + 1}`, from: p, to, channel: channelOf(p, to), amount: step.amount };
    }),
  );

  return {
    names,
    initial,
    channels,
    program,
    initiators: new Set(scenario.initiators.map(index)),
    fifo: fifoOverride ?? scenario.fifo ?? true,
  };
}

// ---------------------------------------------------------------------------
// The system with the snapshot algorithm.

function initialState(m: Model): State {
  return {
    pc: m.names.map(() => 0),
    balance: [...m.initial],
    received: m.names.map(() => []),
    recorded: m.names.map(() => null),
    queue: m.channels.map(() => []),
    rec: m.channels.map((): ChannelRec => ({ status: "idle" })),
  };
}

// A copy deep enough for the successor functions below, which only replace the entries of the
// state's arrays (never change them in place) except the message queues, which they push to
// and splice: those are copied one level further. (structuredClone took most of the oracle's time.)
const clone = (s: State): State => ({
  pc: [...s.pc],
  balance: [...s.balance],
  received: [...s.received],
  recorded: [...s.recorded],
  queue: s.queue.map((q) => [...q]),
  rec: [...s.rec],
});
const keyOf = (x: unknown): string => JSON.stringify(x);

/** record(p), atomically, on a state being built (mutates s). */
function record(m: Model, s: State, p: number): void {
  s.recorded[p] = { pc: at(s.pc, p), balance: at(s.balance, p), received: [...at(s.received, p)] };
  m.channels.forEach((ch, c) => {
    if (ch.to === p) s.rec[c] = { status: "open", list: [] };
    if (ch.from === p) at(s.queue, c).push({ kind: "marker" });
  });
}

/** All enabled actions of s, as their successor states (one entry per action). */
function successors(m: Model, s: State): State[] {
  const out: State[] = [];

  m.names.forEach((_, p) => {
    // send p
    const step = at(m.program, p)[at(s.pc, p)];
    if (step !== undefined) {
      const t = clone(s);
      t.pc[p] = at(t.pc, p) + 1;
      t.balance[p] = at(t.balance, p) - step.amount;
      at(t.queue, step.channel).push({ kind: "data", id: step.id, amount: step.amount });
      out.push(t);
    }
    // initiate p
    if (m.initiators.has(p) && at(s.recorded, p) === null) {
      const t = clone(s);
      record(m, t, p);
      out.push(t);
    }
  });

  m.channels.forEach((ch, c) => {
    // deliver c m: FIFO only the head; non-FIFO any message of the queue.
    const positions = m.fifo ? [0] : at(s.queue, c).map((_, i) => i);
    for (const i of positions) {
      if (i >= at(s.queue, c).length) continue; // empty queue
      const t = clone(s);
      const [msg] = at(t.queue, c).splice(i, 1); // the other messages keep their order
      if (msg === undefined) continue;
      const j = ch.to;
      if (msg.kind === "data") {
        t.balance[j] = at(t.balance, j) + msg.amount;
        t.received[j] = [...at(t.received, j), msg.id].sort();
        const r = at(t.rec, c);
        if (r.status === "open") t.rec[c] = { status: "open", list: [...r.list, msg] };
      } else {
        if (at(t.recorded, j) === null) record(m, t, j);
        // Close with whatever the channel held: a marker that just made j record
        // closes its own channel empty, since record(j) opened it with [].
        const r = at(t.rec, c);
        t.rec[c] = { status: "closed", list: r.status === "idle" ? [] : r.list };
      }
      out.push(t);
    }
  });

  return out;
}

const isComplete = (s: State): boolean => s.recorded.every((r) => r !== null) && s.rec.every((r) => r.status === "closed");

/** The recorded part of a state: the key by which snapshots are counted (received sets excluded). */
function snapshotKey(s: State): string {
  return keyOf({
    processes: s.recorded.map((r) => (r === null ? null : [r.pc, r.balance])),
    channels: s.rec.map((r) => (r.status === "idle" ? ["idle", []] : [r.status, r.list.map((d) => d.id)])),
  });
}

// ---------------------------------------------------------------------------
// The same system without any snapshot, for the `reachable` property.
// A state is just the pcs and the channel contents (data message ids).

interface PlainState {
  pc: number[];
  chan: string[][];
}

/** A copy of a plain state whose pcs and channels can be changed in place. */
const clonePlain = (s: PlainState): PlainState => ({ pc: [...s.pc], chan: s.chan.map((c) => [...c]) });

function plainSuccessors(m: Model, s: PlainState): PlainState[] {
  const out: PlainState[] = [];
  m.names.forEach((_, p) => {
    const step = at(m.program, p)[at(s.pc, p)];
    if (step === undefined) return;
    const t = clonePlain(s);
    t.pc[p] = at(t.pc, p) + 1;
    at(t.chan, step.channel).push(step.id);
    out.push(t);
  });
  m.channels.forEach((_, c) => {
    const positions = m.fifo ? [0] : at(s.chan, c).map((_, i) => i);
    for (const i of positions) {
      if (i >= at(s.chan, c).length) continue;
      const t = clonePlain(s);
      at(t.chan, c).splice(i, 1);
      out.push(t);
    }
  });
  return out;
}

/** Every state reachable from `from`, by key (plain BFS). */
function plainReachable(m: Model, from: PlainState): Set<string> {
  const seen = new Set([keyOf(from)]);
  const todo = [from];
  for (let i = 0; i < todo.length; i++) {
    for (const t of plainSuccessors(m, at(todo, i))) {
      const k = keyOf(t);
      if (!seen.has(k)) {
        seen.add(k);
        todo.push(t);
      }
    }
  }
  return seen;
}

/** Balances implied by a plain state: initial - what p sent + what reached p (sent to p, no longer in the channel). */
function impliedBalances(m: Model, s: PlainState): number[] {
  const balance = [...m.initial];
  m.program.forEach((steps, i) => {
    for (const step of steps.slice(0, at(s.pc, i))) {
      balance[i] = at(balance, i) - step.amount;
      if (!at(s.chan, step.channel).includes(step.id)) balance[step.to] = at(balance, step.to) + step.amount;
    }
  });
  return balance;
}

// ---------------------------------------------------------------------------
// The snapshot properties, on a complete state.

/** The sends on channel c within the first `pc` steps of its sender, in send order. */
function sentOn(m: Model, c: number, pc: number): Send[] {
  const ch = at(m.channels, c);
  return at(m.program, ch.from)
    .slice(0, pc)
    .filter((step) => step.channel === c);
}

function recordedOf(s: State, p: number): Recorded {
  const r = at(s.recorded, p);
  if (r === null) throw new Error("oracle: property checked on an incomplete snapshot");
  return r;
}

function closedList(s: State, c: number): DataMsg[] {
  const r = at(s.rec, c);
  if (r.status !== "closed") throw new Error("oracle: property checked on an incomplete snapshot");
  return r.list;
}

function noGhostReceive(m: Model, s: State): boolean {
  // An id "<sender>#<k>" was sent within the sender's recorded pc iff it is among its first pc steps.
  return m.names.every((_, j) =>
    recordedOf(s, j).received.every((id) => m.program.some((steps, i) => steps.slice(0, recordedOf(s, i).pc).some((step) => step.id === id))),
  );
}

function channelState(m: Model, s: State): boolean {
  return m.channels.every((ch, c) => {
    const expected = sentOn(m, c, recordedOf(s, ch.from).pc)
      .filter((step) => !recordedOf(s, ch.to).received.includes(step.id))
      .map((step) => step.id);
    return keyOf(closedList(s, c).map((d) => d.id)) === keyOf(expected);
  });
}

function conservation(m: Model, s: State): boolean {
  const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
  const recorded = sum(m.names.map((_, p) => recordedOf(s, p).balance));
  const inChannels = sum(m.channels.map((_, c) => sum(closedList(s, c).map((d) => d.amount))));
  return recorded + inChannels === sum(m.initial);
}

// ---------------------------------------------------------------------------
// Exploration and figures.

export function oracleFigures(scenario: OracleScenario, fifo?: boolean): OracleFigures {
  const m = buildModel(scenario, fifo);

  // Breadth-first search: states[i], its depth (shortest number of actions from the
  // initial state) and succ[i], one successor index per enabled action.
  const init = initialState(m);
  const index = new Map<string, number>([[keyOf(init), 0]]);
  const states: State[] = [init];
  const depth: number[] = [0];
  const succ: number[][] = [];
  for (let i = 0; i < states.length; i++) {
    const edges: number[] = [];
    for (const t of successors(m, at(states, i))) {
      const k = keyOf(t);
      let j = index.get(k);
      if (j === undefined) {
        j = states.length;
        index.set(k, j);
        states.push(t);
        depth.push(at(depth, i) + 1);
      }
      edges.push(j);
    }
    succ.push(edges);
  }

  const transitions = succ.reduce((n, edges) => n + edges.length, 0);

  // Executions: maximal paths = paths to a terminal state. Every action consumes progress
  // (a program step, an unrecorded process, or a message in flight), so the graph is
  // acyclic and the count is a sum over successors, memoised per state.
  const paths = new Map<number, bigint>();
  const countFrom = (i: number): bigint => {
    const known = paths.get(i);
    if (known !== undefined) return known;
    const edges = at(succ, i);
    const n = edges.length === 0 ? 1n : edges.reduce((acc, j) => acc + countFrom(j), 0n);
    paths.set(i, n);
    return n;
  };
  const executions = countFrom(0);

  // The snapshot-free system, explored once (only if a complete state needs it).
  let plainStates: Set<string> | undefined;
  const plainInit: PlainState = { pc: m.names.map(() => 0), chan: m.channels.map(() => []) };
  // Its unique terminal state: every program done, every channel empty (any non-empty
  // channel would still have a deliverable message).
  const plainTerminal = keyOf({ pc: m.program.map((steps) => steps.length), chan: m.channels.map(() => []) });
  const reachesTerminal = new Map<string, boolean>(); // memo: plain state key -> terminal reachable from it
  const reachableMemo = new Map<string, boolean>(); // memo: recorded global state -> property holds

  const reachable = (s: State): boolean => {
    const cut: PlainState = {
      pc: m.names.map((_, p) => recordedOf(s, p).pc),
      chan: m.channels.map((_, c) => closedList(s, c).map((d) => d.id)),
    };
    const recordedBalances = m.names.map((_, p) => recordedOf(s, p).balance);
    const memoKey = keyOf([cut, recordedBalances]);
    const known = reachableMemo.get(memoKey);
    if (known !== undefined) return known;

    plainStates ??= plainReachable(m, plainInit);
    const cutKey = keyOf(cut);
    let ok = plainStates.has(cutKey) && keyOf(impliedBalances(m, cut)) === keyOf(recordedBalances);
    if (ok) {
      let toTerminal = reachesTerminal.get(cutKey);
      if (toTerminal === undefined) {
        toTerminal = plainReachable(m, cut).has(plainTerminal);
        reachesTerminal.set(cutKey, toTerminal);
      }
      ok = toTerminal;
    }
    reachableMemo.set(memoKey, ok);
    return ok;
  };

  const checks: [string, (s: State) => boolean][] = [
    ["no-ghost-receive", (s) => noGhostReceive(m, s)],
    ["channel-state", (s) => channelState(m, s)],
    ["conservation", (s) => conservation(m, s)],
    ["reachable", reachable],
  ];

  const violated: Record<string, number> = {};
  const violate = (name: string, d: number): void => {
    const prev = violated[name];
    violated[name] = prev === undefined ? d : Math.min(prev, d);
  };
  const snapshots = new Set<string>();

  states.forEach((s, i) => {
    const d = at(depth, i);
    const complete = isComplete(s);
    if (complete) {
      for (const [name, holds] of checks) if (!holds(s)) violate(name, d);
    }
    if (at(succ, i).length === 0) {
      snapshots.add(snapshotKey(s));
      if (!complete) violate("termination", d);
    }
  });

  return { states: states.length, transitions, executions, snapshots: snapshots.size, violated };
}
