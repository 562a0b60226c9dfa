// The sandbox's harness answers a call twice on fresh copies; these are its verdicts,
// checked in this process (in a sandbox it runs in the child).
import { describe, expect, it } from "vitest";
import { answer } from "../../src/grade/sandbox/checked-answer.js";
import { asData, TEXT_LIMIT } from "../../src/render/shown-as-data.js";
import { callOf } from "../../src/grade/sandbox/protocol.js";
import { validEffects } from "../../src/models/bank/valid-effects.js";
import type { RuleFault } from "../../src/grade/graded-rules/rule-fault.js";
import { twoNode } from "../../src/grade/exercises/scenarios.js";

let calls = 0;
const submission = {
  rules: {
    echo: (x: number) => [x],
    self: () => globalThis,
    poke: (view: { n: number }) => ((view.n += 1), []),
  },
  flaky: () => ++calls,
  throwsText: () => {
    throw "plain text";
  },
};

describe("the sandbox harness", () => {
  it("should show two different answers each cut on its own, from the effect where they part, the words between kept", () => {
    let recorded = false;
    // Rules that keep state: the second answer forgets what the first sent.
    const stateful = {
      initiate: (view: { outgoing: string[]; incoming: string[] }) => {
        const effects = [
          { type: "record-state" },
          ...(recorded ? [] : view.outgoing.map((channel) => ({ type: "send-marker", channel }))),
          ...view.incoming.map((channel) => ({ type: "start-recording", channel })),
        ];
        recorded = true;
        return effects;
      },
    };
    const view = { outgoing: ["P0->P1", "P0->P2"], incoming: ["P1->P0", "P2->P0"] };
    const a = answer({ rules: stateful }, callOf("rules.initiate", [view]));
    expect(a).toEqual({
      ok: false,
      fault: "non-deterministic",
      message: 'answered …{"type":"send-marker","channel":… and then …{"type":"start-recording","chann…: rules must be pure (no state kept between calls)',
    });
    // With the grader's words before it, the line fits a report whole: the report cuts nothing out of it.
    const line = `rules.onMarker(view, channel, marker) at P1 (marker on P0->P1) ${(a as { message: string }).message}`;
    expect(line.length).toBeLessThanOrEqual(TEXT_LIMIT);
    expect(asData(line)).toBe(line);
  });

  it("should show an answer whole where that leaves the other room to show where it parts", () => {
    let recorded = false;
    // Rules that keep state: the first marker records and closes its channel; asked again, it only closes it.
    const forgetful = {
      onMarker: (view: { outgoing: string[]; incoming: string[] }, channel: string) => {
        const effects = [
          ...(recorded
            ? []
            : [
                { type: "record-state" },
                ...view.outgoing.map((c) => ({ type: "send-marker", channel: c })),
                ...view.incoming.map((c) => ({ type: "start-recording", channel: c })),
              ]),
          { type: "stop-recording", channel },
        ];
        recorded = true;
        return effects;
      },
    };
    const view = { outgoing: ["P1->P0"], incoming: ["P0->P1"] };
    const a = answer({ rules: forgetful }, callOf("rules.onMarker", [view, "P0->P1"]));
    // Both cut at the same length, the second answer read "…{"type":"stop-recording","channe…": whether it held more was anyone's guess.
    expect(a).toEqual({
      ok: false,
      fault: "non-deterministic",
      message: 'answered [{"type":"record-stat… and then [{"type":"stop-recording","channel":"P0->P1"}]: rules must be pure (no state kept between calls)',
    });
    const line = `rules.onMarker(view, channel, marker) at P1 (marker on P0->P1) ${(a as { message: string }).message}`;
    expect(line.length).toBeLessThanOrEqual(TEXT_LIMIT);
  });

  it("should return a call's result as JSON", () => {
    expect(answer(submission, callOf("rules.echo", [3]))).toEqual({ ok: true, json: "[3]" });
  });

  it("should name each way a call breaks the contract", () => {
    const realExit = process.exit;
    const fault = (path: string, args: unknown[] = []) => {
      const a = answer(submission, callOf(path, args));
      return a.ok ? "ok" : `${a.fault}: ${a.message}`;
    };
    // What is there instead, so that a misspelt name shows.
    expect(fault("rules.missing")).toBe("missing: exports no function rules.missing (rules has echo, self, poke)");
    expect(fault("rulez.initiate")).toBe("missing: exports no function rulez.initiate (the module exports rules, flaky, throwsText)");
    // Rules as an object of a class: its methods are its prototype's.
    class Rules {
      initiate() {
        return [];
      }
      onmessage() {
        return [];
      }
    }
    expect(answer({ rules: new Rules() }, callOf("rules.onMessage", []))).toEqual({
      ok: false,
      fault: "missing",
      message: "exports no function rules.onMessage (rules has initiate, onmessage)",
    });
    // Where it changed, as a path from the argument: what JSON shows of it.
    expect(fault("rules.poke", [{ n: 1 }])).toBe("mutates: changed its argument 1 at .n (rules must not change what they are given)");
    expect(fault("rules.poke", [{ n: 1 }, { n: 1 }])).toBe("mutates: changed its argument 1 at .n (rules must not change what they are given)");
    const where = (change: (view: Record<string, unknown[]>) => void) => {
      const a = answer({ change: (view: Record<string, unknown[]>) => (change(view), []) }, callOf("change", [{ "P0->P1": [{ id: "a" }], list: [1, 2] }]));
      return a.ok ? "ok" : a.message.replace(" (rules must not change what they are given)", "");
    };
    expect(where((view) => view.list!.sort((a, b) => Number(b) - Number(a)))).toBe("changed its argument 1 at .list[0]");
    expect(where((view) => view.list!.push(3))).toBe("changed its argument 1 at .list");
    expect(where((view) => delete view.list)).toBe("changed its argument 1 at .list");
    expect(where((view) => Object.assign(view["P0->P1"]![0]!, { id: "b" }))).toBe('changed its argument 1 at ["P0->P1"][0].id');
    expect(where((view) => Object.freeze(view))).toBe("changed its argument 1");
    expect(fault("rules.echo", [1, { n: 1 }])).toBe("ok");
    // Changes JSON does not show are changes too: the view as JSON.parse made it is what a rule may read, and only read.
    const unseen = {
      freezes: (view: object) => (Object.freeze(view), []),
      names: (view: { list: number[] }) => (Object.assign(view.list, { extra: 1 }), []),
      marks: (view: object) => (Object.defineProperty(view, Symbol("seen"), { value: true }), []),
      hides: (view: object) => (Object.defineProperty(view, "hidden", { value: 1, enumerable: false }), []),
      reparents: (view: object) => (Object.setPrototypeOf(view, null), []),
      seals: (view: { list: number[] }) => (Object.seal(view.list), []),
      reads: (view: { list: number[] }) => [...view.list, Object.keys(view).length],
    };
    const changed = Object.keys(unseen).map((name) => {
      const a = answer(unseen, callOf(name, [{ list: [1, 2] }]));
      return [name, a.ok ? "ok" : `${a.fault}: ${a.message}`];
    });
    expect(Object.fromEntries(changed)).toEqual({
      ...Object.fromEntries(Object.keys(unseen).map((name) => [name, "mutates: changed its argument 1 (rules must not change what they are given)"])),
      reads: "ok",
    });
    expect(fault("flaky")).toBe("non-deterministic: answered 1 and then 2: rules must be pure (no state kept between calls)");
    expect(fault("throwsText")).toBe(`throws: threw "plain text"`);
    expect(fault("rules.self")).toMatch(/^not-data: returned something that is not plain data/);
    // Written out as other than it is: effects a toJSON shows in place of the empty list returned, a channel that reads differently each time.
    const reads = ["P0->P1", "P1->P0"];
    const twoFaced = {
      lies: () => Object.assign([], { toJSON: () => [{ type: "send-marker", channel: "P0->P1" }] }),
      flips: () => [
        {
          type: "send-marker",
          get channel() {
            return reads.reverse()[0];
          },
        },
      ],
      steady: () => [
        {
          type: "send-marker",
          get channel() {
            return "P0->P1";
          },
        },
      ],
    };
    expect(answer(twoFaced, callOf("lies", []))).toEqual({
      ok: false,
      fault: "not-data",
      message: "returned something that is not plain data (the answer is written out as other than it reads: a toJSON, or a getter)",
    });
    expect(answer(twoFaced, callOf("flips", []))).toMatchObject({ ok: false, fault: "not-data", message: /\("channel" is written out as other than it reads/ });
    // A getter that always reads the same is the same data.
    expect(answer(twoFaced, callOf("steady", []))).toEqual({ ok: true, json: '[{"type":"send-marker","channel":"P0->P1"}]' });
    // A primitive boxed as an object: JSON writes new Boolean(false) as false, which JavaScript takes as true.
    const boxed = { done: () => new Boolean(false), total: () => ({ total: new Number(100) }), plain: () => ({ done: false, total: 100 }) };
    expect(answer(boxed, callOf("done", []))).toEqual({
      ok: false,
      fault: "not-data",
      message: "returned something that is not plain data (the answer is a Boolean object, not a boolean)",
    });
    expect(answer(boxed, callOf("total", []))).toMatchObject({ ok: false, fault: "not-data", message: /\("total" is a Number object, not a number\)/ });
    expect(answer(boxed, callOf("plain", []))).toEqual({ ok: true, json: '{"done":false,"total":100}' });
    // A class's getter is its prototype's: JSON would write the snapshot without its total. Its own fields are data.
    class Snapshot {
      constructor(readonly processes: object) {}
      get total() {
        return 100;
      }
    }
    class Marker {
      constructor(readonly channel: string) {}
      readonly type = "send-marker";
    }
    const classes = { snapshot: () => new Snapshot({}), markers: () => [new Marker("P0->P1")] };
    expect(answer(classes, callOf("snapshot", []))).toEqual({
      ok: false,
      fault: "not-data",
      message:
        "returned something that is not plain data (the answer is an object whose class has a getter, total, which JSON does not write: answer with plain objects)",
    });
    expect(answer(classes, callOf("markers", []))).toEqual({ ok: true, json: '[{"channel":"P0->P1","type":"send-marker"}]' });
    // The submission's code runs where a rule is looked up (a Proxy) and where its arguments are written out (a toJSON it planted):
    // each throw is the rule's fault, not the harness's (the child died with "Node.js v20.x" as its reason).
    const proxied = {
      rules: new Proxy(
        {},
        {
          get: () => {
            throw new Error("no rules here");
          },
        },
      ),
    };
    expect(answer(proxied, callOf("rules.initiate", []))).toMatchObject({
      ok: false,
      fault: "throws",
      message: "threw no rules here when rules.initiate was looked up",
    });
    const planting = {
      rules: {
        initiate: (view: object) => (
          Object.assign(view, {
            toJSON: () => {
              throw new Error("caught");
            },
          }),
          []
        ),
      },
    };
    expect(answer(planting, callOf("rules.initiate", [{}]))).toEqual({
      ok: false,
      fault: "mutates",
      message: "changed its argument 1 (rules must not change what they are given)",
    });
    // What it throws may itself throw when looked at (a Proxy, at instanceof): the child died of it mid-reply.
    const hostile = new Proxy(
      {},
      {
        getPrototypeOf: () => {
          throw new Error("looked at");
        },
      },
    );
    const throwsHostile = {
      rules: {
        initiate: () => {
          throw hostile;
        },
      },
    };
    expect(answer(throwsHostile, callOf("rules.initiate", []))).toEqual({
      ok: false,
      fault: "throws",
      message: "threw a value that throws when it is looked at",
    });
    expect(process.exit).toBe(realExit);
  });
});

describe("checking a rule's effects", () => {
  const check = (value: unknown, delivered?: { kind: "data"; id: string; amount: number }) => {
    try {
      return validEffects(twoNode, value, { rule: "r", ...(delivered ? { delivered } : {}) });
    } catch (error) {
      return (error as RuleFault).message;
    }
  };
  const sent = { kind: "data" as const, id: "P0#1", amount: 10 };

  it("should keep well-formed effects and drop what else they carry", () => {
    expect(
      check([
        { type: "record-state", extra: 1 },
        { type: "send-marker", channel: "P0->P1", sent: [sent] },
      ]),
    ).toEqual([{ type: "record-state" }, { type: "send-marker", channel: "P0->P1", sent: [sent] }]);
    expect(check([{ type: "buffer-message", channel: "P0->P1" }], sent)).toEqual([{ type: "buffer-message" }]);
  });

  it("should refuse what is not an effect, saying which and why", () => {
    expect(check(undefined)).toBe("r returned undefined, not a list of effects");
    expect(check([7])).toBe("r returned 7 as effect 1, not an effect object");
    expect(check([{ type: "stop-recording" }])).toBe("r returned effect 1 (stop-recording) without a channel");
    expect(check([{ type: "send-marker", channel: "P0->P1", sent: 3 }])).toBe("r returned effect 1 (send-marker) whose sent is not a list of messages");
    expect(check([{ type: "record-message", channel: "P1->P0", message: sent }])).toMatch(/which is not a message sent on P1->P0$/);
    expect(check([{ type: "record-message", channel: "P0->P1", message: { ...sent, amount: 1000 } }])).toMatch(/not a message sent on P0->P1/);
    expect(check([{ type: "buffer-message" }])).toBe("r returned effect 1 (buffer-message), but only a rule taking a message (onMessage) can buffer it");
  });

  it("should want a snapshot id on every effect when a run has several", () => {
    const multi = (value: unknown) => {
      try {
        return validEffects(twoNode, value, { rule: "r", snapshots: 2 });
      } catch (error) {
        return (error as RuleFault).message;
      }
    };
    expect(multi([{ type: "record-state", snapshot: 1 }])).toEqual([{ type: "record-state", snapshot: 1 }]);
    expect(multi([{ type: "record-state", snapshot: 2 }])).toBe("r returned effect 1 (record-state) with snapshot 2 (snapshots are numbered 0 to 1)");
    // Rules written for one snapshot a run name none.
    expect(multi([{ type: "record-state" }])).toBe(
      "r returned effect 1 (record-state) without a snapshot (in a run with several snapshots, every effect names one, 0 to 1)",
    );
  });
});
