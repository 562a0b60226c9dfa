/**
 * A model that lives only in the tests, to show that adding a model is one
 * folder's worth of code plus one registry line: a token passed round a ring
 * of nodes. The `pass` rules hand the token on; the `copy-first` rules keep a
 * copy on the first pass, so two tokens go round and `one-token` breaks.
 */
// A plug-in needs nothing but the public surface.
import {
  always,
  asInteger,
  modelField,
  namedList,
  nameField,
  parseFields,
  SpaceTimeDrawing,
  type Model,
  type ModelDescriptor,
  type ScenarioField,
} from "../../src/index.js";

export interface RingScenario {
  readonly name: string;
  readonly nodes: readonly string[];
  /** How many times the token may go round: the ring stops after rounds × nodes passes. */
  readonly rounds: number;
  readonly algorithm: string;
}

export interface RingRules {
  readonly name: string;
  /** Whether the node keeps a copy when it makes pass number `passes` (0 for the first). */
  keepsCopy(passes: number): boolean;
}

export interface RingState {
  /** Per node, the tokens it holds. */
  readonly held: readonly (readonly string[])[];
  /** Per channel (node i to node i + 1), the tokens on their way, oldest first. */
  readonly channels: readonly (readonly string[])[];
  readonly passes: number;
  /** How many tokens were ever made, to name a copy. */
  readonly made: number;
}

export type RingAction = { readonly type: "pass"; readonly node: number } | { readonly type: "receive"; readonly channel: number };

const rules = namedList<RingRules>(
  [
    { name: "pass", keepsCopy: () => false },
    { name: "copy-first", keepsCopy: (passes) => passes === 0 },
  ],
  "ring rule",
);

const next = (scenario: RingScenario, node: number) => (node + 1) % scenario.nodes.length;
const channelName = (scenario: RingScenario, channel: number) => `${scenario.nodes[channel]}->${scenario.nodes[next(scenario, channel)]}`;

function ringSystem(scenario: RingScenario, ring: RingRules): Model<RingState, RingAction> {
  const n = scenario.nodes.length;
  return {
    initStates: () => [{ held: scenario.nodes.map((_, i) => (i === 0 ? ["T1"] : [])), channels: scenario.nodes.map(() => []), passes: 0, made: 1 }],
    actions: (state) => [
      ...state.held.flatMap((tokens, node): RingAction[] => (tokens.length > 0 && state.passes < scenario.rounds * n ? [{ type: "pass", node }] : [])),
      ...state.channels.flatMap((queue, channel): RingAction[] => (queue.length > 0 ? [{ type: "receive", channel }] : [])),
    ],
    nextState: (state, action) => {
      const held = state.held.map((tokens) => [...tokens]);
      const channels = state.channels.map((queue) => [...queue]);
      if (action.type === "receive") {
        held[next(scenario, action.channel)]!.push(channels[action.channel]!.shift()!);
        return { ...state, held, channels };
      }
      const token = held[action.node]!.shift()!;
      channels[action.node]!.push(token);
      const copy = ring.keepsCopy(state.passes);
      if (copy) held[action.node]!.push(`T${state.made + 1}`);
      return { held, channels, passes: state.passes + 1, made: state.made + (copy ? 1 : 0) };
    },
    key: (state) => JSON.stringify(state),
    properties: () => [
      always("one-token", "exactly one token is held or on its way", (state) => {
        const where = [
          ...state.held.flatMap((tokens, node) => tokens.map((t) => `${t} at ${scenario.nodes[node]}`)),
          ...state.channels.flatMap((queue, channel) => queue.map((t) => `${t} on ${channelName(scenario, channel)}`)),
        ];
        return where.length === 1 ? undefined : `${where.length} tokens: ${where.join(", ")}`;
      }),
    ],
  };
}

function describeRingStep(scenario: RingScenario, before: RingState, action: RingAction, after: RingState): string {
  if (action.type === "receive")
    return `${scenario.nodes[next(scenario, action.channel)]} receives ${before.channels[action.channel]![0]} on ${channelName(scenario, action.channel)}`;
  const token = before.held[action.node]![0];
  const copy = after.made > before.made ? `, keeps a copy T${after.made}` : "";
  return `${scenario.nodes[action.node]} passes ${token} to ${scenario.nodes[next(scenario, action.node)]}${copy}`;
}

const ringFields: readonly ScenarioField<RingScenario>[] = [
  modelField("token-ring"),
  nameField(),
  {
    key: "nodes",
    meaning: "the nodes in ring order; each passes to the next, the last to the first",
    read: (nodes, _before, { fail }) => {
      if (!Array.isArray(nodes) || nodes.length < 2 || !nodes.every((n) => typeof n === "string")) fail("nodes", "must list at least two node names");
      return { nodes: nodes as string[] };
    },
  },
  {
    key: "rounds",
    meaning: "optional, default 1: how many times the token may go round",
    read: (value, _before, { fail }) => {
      const rounds = asInteger(value ?? 1, "rounds", fail);
      if (rounds < 1) fail("rounds", `must be a positive integer, got ${rounds}`);
      return { rounds };
    },
  },
  {
    key: "algorithm",
    meaning: 'optional, default `"pass"`: the ring rules (`pass`, `copy-first`)',
    read: (value = "pass", _before, { fail }) => {
      if (typeof value !== "string") fail("algorithm", `must name ring rules (${rules.names().join(", ")})`);
      return { algorithm: value as string };
    },
  },
];

export const tokenRingModel: ModelDescriptor<RingScenario, RingState, RingAction, RingRules> = {
  name: "token-ring",
  fields: ringFields,
  parse: (text, file) => parseFields(text, file, ringFields),
  scenarioName: (scenario) => scenario.name,
  algorithms: rules,
  algorithmOf: (scenario) => scenario.algorithm,
  build: ringSystem,
  describeStep: (scenario, _rules, before, action, after) => describeRingStep(scenario, before, action, after),
  spaceTime: (scenario, ring, violation) => {
    const { states, actions } = violation.path;
    const drawing = new SpaceTimeDrawing(scenario.nodes.length);
    const steps = actions.map((action, step) => {
      const [before, after] = [states[step]!, states[step + 1]!];
      const text = describeRingStep(scenario, before, action, after);
      if (action.type === "receive") {
        drawing.deliver(step, next(scenario, action.channel), drawing.take(action.channel, 0), text);
        return { actor: next(scenario, action.channel), text };
      }
      const token = before.held[action.node]![0]!;
      drawing.send(step, action.node, action.node, next(scenario, action.node), { kind: "data", id: token, label: token }, text);
      return { actor: action.node, text };
    });
    return drawing.view(violation, {
      lanes: scenario.nodes,
      setting: `${scenario.name}: token-ring, ${ring.name}`,
      steps,
      cut: scenario.nodes.map(() => undefined),
      offences: [],
      words: { data: "token", marker: "marker", records: "records", before: "before recording", never: "never recorded" },
    });
  },
  trace: {
    scenarioJson: (scenario) => ({ model: "token-ring", name: scenario.name, nodes: scenario.nodes, rounds: scenario.rounds }),
    actionName: (scenario, _state, action) =>
      action.type === "pass" ? `pass ${scenario.nodes[action.node]}` : `receive ${channelName(scenario, action.channel)}`,
    stateLines: (scenario, state) => [
      ...state.held.map((tokens, node) => `${scenario.nodes[node]} holds [${tokens.join(", ")}]`),
      ...state.channels.map((queue, channel) => `${channelName(scenario, channel)} carries [${queue.join(", ")}]`),
    ],
  },
};
