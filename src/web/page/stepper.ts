/**
 * Stepping through a system by hand: the path taken so far, a position on it
 * (back and forward move it, as a browser's history does), the actions
 * enabled where it stands, and what the model says about that state. All of
 * it comes from the model's descriptor, so every model steps alike.
 */
import type { Path } from "../../explore/path.js";
import type { Model } from "../../model-contract/model.js";
import type { SpaceTime } from "../../view/space-time-view.js";
import type { System } from "./system.js";

export interface Choice {
  /** The action's place in the model's list of enabled actions: what a shared link stores. */
  readonly index: number;
  /** The step in the model's words, e.g. "deliver P0#1 (10) on P0->P1 (overtaking a marker): P1 balance 10". */
  readonly text: string;
}

export interface PropertyNow {
  readonly name: string;
  readonly claim: string;
  /** `pending`: a property checked when the run ends, and it has not ended. */
  readonly status: "holds" | "violated" | "pending";
  readonly reason?: string;
}

export class Stepper {
  private readonly states: unknown[];
  private readonly actions: unknown[] = [];
  private readonly indices: number[] = [];
  /** How many actions of the path are taken where the learner stands. */
  private at = 0;

  constructor(readonly system: System) {
    this.states = [system.model.initStates()[0]];
  }

  /** Takes the actions at `indices` one after the other from the start; stops with the step that is not enabled. */
  static following(system: System, indices: readonly number[]): { stepper: Stepper; refused?: number } {
    const stepper = new Stepper(system);
    for (const [i, index] of indices.entries()) {
      if (!stepper.take(index)) return { stepper, refused: i };
    }
    return { stepper };
  }

  /**
   * The run `earlier` took in another build of the same scenario (FIFO or the
   * rules switched), taken again here, action for action, as far as each is
   * enabled here, standing where `earlier` stood: a learner who turns FIFO
   * off keeps the run they made and sees what it may do now. `refused`: the
   * first action not enabled here; the run stops before it.
   */
  static retracing(system: System, earlier: Stepper): { stepper: Stepper; refused?: number } {
    const stepper = new Stepper(system);
    let refused: number | undefined;
    for (const [i, action] of earlier.actions.entries()) {
      const index = placeAmong(system.model.actions(stepper.state), action);
      if (index < 0) {
        refused = i;
        break;
      }
      stepper.take(index);
    }
    stepper.goTo(earlier.position);
    return refused === undefined ? { stepper } : { stepper, refused };
  }

  get position(): number {
    return this.at;
  }

  get length(): number {
    return this.actions.length;
  }

  get state(): unknown {
    return this.states[this.at];
  }

  /** The indices of the actions taken up to where the learner stands. */
  pathIndices(): number[] {
    return this.indices.slice(0, this.at);
  }

  path(): Path<unknown, unknown> {
    return { states: this.states.slice(0, this.at + 1), actions: this.actions.slice(0, this.at) };
  }

  enabled(): Choice[] {
    const { descriptor, scenario, rules, model } = this.system;
    const before = this.state;
    return model
      .actions(before)
      .map((action, index) => ({ index, text: descriptor.describeStep(scenario, rules, before, action, model.nextState(before, action)) }));
  }

  /** Takes the enabled action at `index`; the steps ahead of the position are dropped. False if there is no such action. */
  take(index: number): boolean {
    const { model } = this.system;
    const action = model.actions(this.state)[index];
    if (action === undefined) return false;
    const next = model.nextState(this.state, action);
    this.states.splice(this.at + 1, Number.POSITIVE_INFINITY, next);
    this.actions.splice(this.at, Number.POSITIVE_INFINITY, action);
    this.indices.splice(this.at, Number.POSITIVE_INFINITY, index);
    this.at++;
    return true;
  }

  /** Moves to `position` on the path taken (0 is the start). */
  goTo(position: number): void {
    this.at = Math.max(0, Math.min(this.actions.length, position));
  }

  /** The steps taken, in the model's words. */
  steps(): string[] {
    const { descriptor, scenario, rules } = this.system;
    return this.actions.map((action, i) => descriptor.describeStep(scenario, rules, this.states[i], action, this.states[i + 1]));
  }

  /** Each property on the current state; one checked when the run ends waits until no action is left. */
  verdicts(): PropertyNow[] {
    const { model } = this.system;
    const ended = model.actions(this.state).length === 0;
    return model.properties().map(({ name, claim, expectation, check }) => {
      if (expectation === "atTermination" && !ended) return { name, claim, status: "pending" };
      const reason = check(this.state);
      return reason === undefined ? { name, claim, status: "holds" } : { name, claim, status: "violated", reason };
    });
  }

  /** The path so far as the space-time view every picture is drawn from, named after the first property it breaks. */
  view(): SpaceTime {
    const { descriptor, scenario, rules } = this.system;
    const broken = this.verdicts().find((v) => v.status === "violated");
    return descriptor.spaceTime(scenario, rules, { property: broken?.name ?? "", reason: broken?.reason ?? "", path: this.path() });
  }
}

/** Each action of `path` as its place among the actions enabled where it is taken (a search's or a replay's actions may be copies). */
export function actionPlaces(model: Model<unknown, unknown>, { states, actions }: Path<unknown, unknown>): number[] {
  return actions.map((action, i) => {
    const enabled = model.actions(states[i]);
    const same = placeAmong(enabled, action);
    if (same >= 0) return same;
    const after = model.key(states[i + 1]);
    return enabled.findIndex((a) => model.key(model.nextState(states[i], a)) === after);
  });
}

/** The place of `action` among `enabled`, compared as data (another build of a model makes equal actions, not the same objects); -1 if absent. */
function placeAmong(enabled: readonly unknown[], action: unknown): number {
  const same = JSON.stringify(action);
  return enabled.findIndex((a) => JSON.stringify(a) === same);
}
