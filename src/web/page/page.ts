/**
 * The page: pick a scenario, step through it by hand, explore every
 * interleaving in a worker, load a counterexample or a saved trace into the
 * stepper, and share the address, which holds all of it (link.ts). Served
 * with a learner's rules (snaplab ui --rules), it runs those too. Plain DOM:
 * every picture and every word comes from the same model, view and render
 * code as the CLI's.
 */
import { ScenarioError } from "../../errors/scenario-error.js";
import { SnaplabError } from "../../errors/snaplab-error.js";
import { learnerRules, takesRulesFile } from "../../grade/learner-rules.js";
import type { Scenario } from "../../models/bank/scenario.js";
import { svgDiagram } from "../../render/svg-diagram.js";
import { parseTrace } from "../../trace/load-trace.js";
import { replayTrace } from "../../trace/replay.js";
import { replayVerdictLine } from "../../trace/replay-report.js";
import { formatTrace, savedTrace } from "../../trace/saved-trace.js";
import { readLink, writeLink, type Link } from "./link.js";
import type { SearchReply, SearchRequest, SearchResult, SearchStoppedAtRule, ShownCounterexample } from "./search-protocol.js";
import { shippedScenarios } from "./shipped-scenarios.js";
import { actionPlaces, Stepper } from "./stepper.js";
import {
  buildSystem,
  importYourRules,
  oneLine,
  type RulesModule,
  rulesWord,
  type System,
  type SystemChoice,
  type YourRules,
  yourSubmission,
} from "./system.js";
import type { OfferedRules } from "./your-rules.js";
import { plural } from "../../render/count-words.js";
import { DEFAULT_MAX_STATES } from "../../explore/search-pipeline.js";

const DEFAULT_SCENARIO = "two-node.json";

/** Where the scenario came from: a shipped one by its path, or a text pasted, dropped or taken from a trace. */
type Source = { readonly shipped: string } | { readonly text: string; readonly file: string };

let source: Source = { shipped: DEFAULT_SCENARIO };
/** The switches the last load asked for: what the link keeps while the scenario cannot be loaded. */
let requested: Switches = {};
let stepper: Stepper | undefined;
let search: Worker | undefined;
/** The learner's rules the server offers, imported once the page opens; or why they cannot be run. */
let yourRules:
  | { readonly file: string; readonly served: YourRules; readonly module: RulesModule }
  | { readonly file: string; readonly problem: string }
  | undefined;
/** True while the page shows that its address's #json= cannot be read: the address stays as it was given, to be corrected. */
let keepAddress = false;

const $ = <E extends HTMLElement>(id: string) => document.getElementById(id) as E;

/** An element with attributes and children, e.g. el("button", { type: "button" }, "Back"). */
function el(tag: string, attributes: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

function sourceText(from: Source): { text: string; file: string } {
  if ("text" in from) return from;
  // Own keys only: `?scenario=__proto__` is no scenario, not Object.prototype.
  if (!Object.hasOwn(shippedScenarios, from.shipped)) return { text: "", file: `spec/scenarios/${from.shipped}` };
  return { text: shippedScenarios[from.shipped]!, file: `spec/scenarios/${from.shipped}` };
}

/** A shipped scenario as a link may name it: its path under spec/scenarios/, with or without `.json` or the folder in front. */
function shippedPath(name: string): string {
  const path = name.replace(/^(\.\/)?(spec\/scenarios\/)?/, "");
  if (Object.hasOwn(shippedScenarios, path) || path.endsWith(".json")) return path;
  return Object.hasOwn(shippedScenarios, `${path}.json`) ? `${path}.json` : path;
}

// ---------------------------------------------------------------- picking

function fillScenarioList(): void {
  const list = $<HTMLSelectElement>("scenario-list");
  const groups = new Map<string, string[]>();
  for (const path of Object.keys(shippedScenarios).sort()) {
    const folder = path.includes("/") ? path.replace(/\/[^/]*$/, "") : "";
    groups.set(folder, [...(groups.get(folder) ?? []), path]);
  }
  for (const [folder, paths] of groups) {
    const options = paths.map((path) => el("option", { value: path }, path.replace(/^.*\//, "").replace(/\.json$/, "")));
    list.append(folder ? el("optgroup", { label: folder }, ...options) : el("optgroup", { label: "bank" }, ...options));
  }
  list.append(el("option", { value: "" }, "(pasted or dropped)"));
}

/**
 * Builds the system of `source` with the switches asked for, and follows `path` in it: a link's action
 * indices, or the run a stepper made before the switches changed. Shows a mistake next to the scenario
 * and returns undefined.
 */
function load(from: Source, switches: Switches, path: readonly number[] | Stepper = []): System | undefined {
  // A search of the system shown before is of no use now.
  endSearch();
  clearSearch();
  requested = switches;
  keepAddress = false;
  const { text, file } = sourceText(from);
  // The learner's rules are named by their file, as explore --rules names them in its report and its traces.
  const yours = yourRules !== undefined && switches.algorithm === yourRules.file ? yourRules : undefined;
  const choice: SystemChoice = {
    text,
    file,
    settings: switches.fifo === undefined ? {} : { fifo: switches.fifo },
    ...(yours && "module" in yours ? { yourRules: yours.served } : switches.algorithm ? { algorithm: switches.algorithm } : {}),
  };
  showScenarioText(text);
  const list = $<HTMLSelectElement>("scenario-list");
  list.value = "shipped" in from ? from.shipped : "";
  let system: System;
  let followed: { stepper: Stepper; refused?: number };
  const earlier = path instanceof Stepper ? path : undefined;
  try {
    if ("shipped" in from && !Object.hasOwn(shippedScenarios, from.shipped))
      throw new ScenarioError(file, "", "cannot read the scenario (no such shipped scenario; the list above has them all)");
    if (yours && "problem" in yours) throw new SnaplabError("BAD_RULES", yours.problem);
    system = buildSystem(choice, yours && "module" in yours ? yours.module : undefined);
    // Following a path asks the learner's rules, which may break their contract on the way.
    followed = earlier ? Stepper.retracing(system, earlier) : Stepper.following(system, path as readonly number[]);
  } catch (error) {
    showError(oneLine(error, yours?.file));
    stepper = undefined;
    source = from;
    render();
    return undefined;
  }
  showError("");
  source = from;
  fillSwitches(system);
  stepper = followed.stepper;
  const refused = followed.refused;
  if (refused !== undefined && earlier)
    showError(`step ${refused + 1} of the run (${earlier.steps()[refused]}) is not enabled with these settings: the run stops before it`);
  else if (refused !== undefined) showError(`path: step ${refused + 1} of the link is not enabled; stopped before it`);
  render();
  return system;
}

function showScenarioText(text: string): void {
  const area = $<HTMLTextAreaElement>("scenario-json");
  if (area.value !== text) area.value = text;
}

function showError(message: string): void {
  const box = $("scenario-error");
  box.textContent = message;
  box.hidden = message === "";
}

/** The rules picker and the FIFO switch, as the model offers them. */
function fillSwitches(system: System): void {
  const { descriptor, scenario, rules } = system;
  $("algorithm-label").textContent = rulesWord(descriptor);
  const picker = $<HTMLSelectElement>("algorithm");
  const offered = yourRules && takesRulesFile(descriptor) ? [el("option", { value: yourRules.file }, `your rules (${yourRules.file})`)] : [];
  picker.replaceChildren(...descriptor.algorithms.names().map((name: string) => el("option", { value: name }, name)), ...offered);
  picker.value = rules.name;
  const fifo = (descriptor.settings ?? []).find((s) => s.key === "fifo");
  $("fifo-switch").hidden = fifo === undefined;
  if (fifo) $<HTMLInputElement>("fifo").checked = fifo.value(scenario);
}

type Switches = { readonly fifo?: boolean; readonly algorithm?: string };

/** The switches as the page shows them: what to reload with. */
function switches(): Switches {
  const algorithm = $<HTMLSelectElement>("algorithm").value;
  return {
    ...($("fifo-switch").hidden ? {} : { fifo: $<HTMLInputElement>("fifo").checked }),
    ...(algorithm ? { algorithm } : {}),
  };
}

// ---------------------------------------------------------------- stepping

function render(): void {
  renderControls();
  try {
    renderActions();
    renderDiagram();
    renderState();
  } catch (error) {
    // One of the learner's rules broke its contract where the run stands: said as explore --rules says it; back still works.
    const rulesFile = stepper?.system.choice.yourRules?.file;
    if (rulesFile === undefined) throw error;
    $("actions").replaceChildren();
    showError(oneLine(error, rulesFile));
  }
  updateLink();
}

function renderControls(): void {
  const at = stepper?.position ?? 0;
  const length = stepper?.length ?? 0;
  $<HTMLButtonElement>("start").disabled = at === 0;
  $<HTMLButtonElement>("back").disabled = at === 0;
  $<HTMLButtonElement>("forward").disabled = at >= length;
  $<HTMLButtonElement>("end").disabled = at >= length;
  $("position").textContent = stepper ? `step ${at} of ${length}` : "no scenario";
  const traces = stepper?.system.descriptor.trace !== undefined;
  $<HTMLButtonElement>("download-trace").disabled = !traces;
  $("download-trace").title = traces ? "a trace snaplab replay accepts" : `the ${stepper?.system.descriptor.name ?? ""} model cannot save traces`;
}

function renderActions(): void {
  const list = $("actions");
  if (!stepper) {
    list.replaceChildren();
    return;
  }
  const choices = stepper.enabled();
  if (choices.length === 0) {
    list.replaceChildren(el("li", { class: "done" }, "No action is enabled: the run has ended."));
    return;
  }
  list.replaceChildren(
    ...choices.map(({ index, text }) => {
      const button = el("button", { type: "button", "data-action": String(index), class: /overtaking/.test(text) ? "overtakes" : "" }, text);
      button.addEventListener("click", () => {
        step(() => stepper!.take(index));
        // The buttons are new after a step: keep the keyboard on the list, so Enter takes the next action.
        document.querySelector<HTMLButtonElement>("#actions button")?.focus();
      });
      return el("li", {}, button);
    }),
  );
}

/** The smallest a diagram is shown, against the size it is drawn at. */
const MIN_SCALE = 0.7;
/** The diagram box's width when the diagram was last drawn: drawn again when it changes (a phone turned, a window resized). */
let diagramWidth = 0;

function renderDiagram(): void {
  const box = $("diagram");
  if (!stepper) {
    box.replaceChildren();
    return;
  }
  const view = stepper.view();
  const { descriptor, scenario } = stepper.system;
  // The CLI draws counterexamples, titled by the property they break; a path by hand may break none yet.
  const title = view.property === "" ? `${descriptor.scenarioName(scenario)}: step ${stepper.position} of ${stepper.length}` : undefined;
  // Fit the column, but never below MIN_SCALE of the drawn size: a picture too wide for that puts its
  // steps under the lanes and wraps its words, and what is still too wide scrolls rather than shrinks out of reading.
  diagramWidth = box.clientWidth;
  box.innerHTML = svgDiagram(view, { ...(title === undefined ? {} : { title }), maxWidth: Math.round(diagramWidth / MIN_SCALE) });
  const svg = box.querySelector("svg")!;
  svg.setAttribute("data-view", "space-time");
  svg.style.width = `max(100%, ${Math.round(Number(svg.getAttribute("width")) * MIN_SCALE)}px)`;
  const offences = view.offences.map(({ message, name, why }) => el("li", {}, el("strong", {}, `✗ ${name}: ${view.messages[message]!.label}`), ` — ${why}`));
  $("offences").replaceChildren(...offences);
}

function renderState(): void {
  const table = $("state");
  const verdicts = $("verdicts");
  const snapshot = $("snapshot");
  if (!stepper) {
    table.replaceChildren();
    verdicts.replaceChildren();
    snapshot.textContent = "";
    return;
  }
  const { descriptor, scenario } = stepper.system;
  const state = stepper.state;
  const rows = descriptor.trace ? descriptor.trace.stateLines(scenario, state).map((line) => line.split(/\s{2,}/)) : genericRows(state);
  table.className = descriptor.trace ? "" : "json";
  table.replaceChildren(
    el("tbody", {}, ...rows.map((cells) => el("tr", {}, el("th", { scope: "row" }, cells[0]!), ...cells.slice(1).map((c) => el("td", {}, c))))),
  );
  fitState();
  snapshot.textContent = descriptor.describeEnd ? `Snapshot so far: ${descriptor.describeEnd(scenario, state)}` : "";
  verdicts.replaceChildren(
    ...stepper
      .verdicts()
      .map(({ name, claim, status, reason }) =>
        el(
          "li",
          { "data-now": name, class: status, title: claim },
          el("span", { class: "mark" }, status === "holds" ? "✓" : status === "violated" ? "✗" : "…"),
          ` ${name} `,
          el("em", {}, status === "pending" ? "checked when the run ends" : status),
          ...(reason ? [el("div", { class: "reason" }, reason)] : []),
        ),
      ),
  );
}

/** The state's table in columns where they fit its box; where they do not, each row a line of its fields, wrapping between them. */
function fitState(): void {
  const table = $("state");
  const box = $("state-box");
  table.classList.remove("flow");
  if (box.scrollWidth > box.clientWidth) table.classList.add("flow");
}

/** A state of a model that cannot print itself: each field as JSON, a list's items (its nodes, tasks, channels) a row each. */
function genericRows(state: unknown): string[][] {
  return Object.entries(state as Record<string, unknown>).flatMap(([key, value]) =>
    Array.isArray(value) && value.length > 0 ? value.map((item, i) => [`${key} ${i}`, JSON.stringify(item)]) : [[key, JSON.stringify(value)]],
  );
}

function step(move: () => unknown): void {
  if (!stepper) return;
  const focused = document.activeElement;
  const place = focused?.closest("#actions li") ? [...$("actions").children].indexOf(focused.closest("li")!) : -1;
  move();
  render();
  keepFocus(focused, place);
}

/**
 * After a step the focused control may be gone (the action buttons are new) or disabled (forward at the
 * end): the focus goes to its nearest stand-in, not to the page's body, so the keyboard stays in the stepper.
 */
function keepFocus(focused: Element | null, actionPlace: number): void {
  if (!(focused instanceof HTMLElement) || focused === document.body) return;
  if (focused.isConnected && !(focused instanceof HTMLButtonElement && focused.disabled)) return;
  const actions = [...document.querySelectorAll<HTMLButtonElement>("#actions button")];
  const standIns = [...(actionPlace >= 0 ? [actions[Math.min(actionPlace, actions.length - 1)]] : []), $("forward"), $("back"), ...actions];
  standIns.find((button): button is HTMLButtonElement => button instanceof HTMLButtonElement && !button.disabled)?.focus();
}

/** Whether `target` is in a box that scrolls sideways (the diagram, the state table): there the arrows scroll it. */
function inSidewaysScroller(target: Element): boolean {
  for (let at: Element | null = target; at && at !== document.body; at = at.parentElement) {
    if (at.scrollWidth > at.clientWidth && /auto|scroll/.test(getComputedStyle(at).overflowX)) return true;
  }
  return false;
}

function updateLink(): void {
  if (!keepAddress) history.replaceState(null, "", `${location.pathname}${writeLink(currentLink())}`);
  // "Link copied" was about the link before this change.
  if (location.href !== copiedLink) {
    $("copy-link").textContent = "Copy link";
    $("link-text").hidden = true;
  }
}

let copiedLink: string | undefined;

/**
 * Copies the page's address. `navigator.clipboard` exists only in a secure context (https, or this
 * machine): a page served to a classroom over plain http copies through a selected text field
 * instead, and where neither works the field stays, selected, for the learner to copy by hand.
 */
async function copyLink(): Promise<void> {
  const href = location.href;
  const field = $<HTMLInputElement>("link-text");
  field.value = href;
  let copied = false;
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(href);
      copied = true;
    }
  } catch {
    // Refused (no permission, the page not focused): the text field below may still copy.
  }
  if (!copied) {
    field.hidden = false;
    field.focus();
    field.select();
    // Deprecated, yet the one way to copy without navigator.clipboard; false where the browser refuses.
    copied = document.execCommand("copy");
  }
  copiedLink = href;
  $("copy-link").textContent = copied ? "Link copied" : "Copy the link from the field";
  if (copied && !field.hidden) {
    field.hidden = true;
    $("copy-link").focus();
  }
}

/** What the page shows, as a link; while the scenario cannot be loaded, what was asked for, so the link shows the same error. */
function currentLink(): Omit<Link, "explore"> {
  const text = sourceText(source).text;
  const scenario = "shipped" in source ? { scenario: source.shipped } : { json: text };
  if (!stepper) return { ...scenario, ...requested, path: [] };
  const { fifo, algorithm } = switches();
  const { descriptor, scenario: loaded } = stepper.system;
  return {
    ...scenario,
    ...(fifo === undefined ? {} : { fifo }),
    ...(algorithm && algorithm !== descriptor.algorithmOf(loaded) ? { algorithm } : {}),
    path: stepper.pathIndices(),
  };
}

// ---------------------------------------------------------------- exploring

function explore(): void {
  if (!stepper) return;
  cancel();
  clearSearch();
  const maxStates = Number($<HTMLInputElement>("max-states").value);
  if (!(Number.isInteger(maxStates) && maxStates > 0)) {
    $("progress").textContent = `"stop after" must be a positive whole number of states (the default is ${DEFAULT_MAX_STATES.toLocaleString("en-US")})`;
    return;
  }
  const started = performance.now();
  const worker = new Worker(new URL("./search-worker.js", import.meta.url), { type: "module" });
  search = worker;
  $<HTMLButtonElement>("cancel").disabled = false;
  $<HTMLButtonElement>("explore").disabled = true;
  $("progress").textContent = "exploring…";
  worker.addEventListener("message", (event: MessageEvent<SearchReply>) => {
    const reply = event.data;
    if (reply.type === "progress") {
      const rate = Math.round(reply.states / Math.max(reply.elapsedMs / 1000, 0.001));
      $("progress").textContent = `exploring: ${reply.states.toLocaleString("en-US")} states, ${rate.toLocaleString("en-US")} states/s`;
      return;
    }
    endSearch();
    if (reply.type === "error") $("progress").textContent = reply.message;
    else if (reply.type === "stopped-at-rule") showRunToRule(reply);
    else showResult(reply, performance.now() - started);
  });
  worker.addEventListener("error", (event) => {
    endSearch();
    $("progress").textContent = `the search failed: ${event.message}`;
  });
  const request: SearchRequest = { choice: stepper.system.choice, maxStates };
  worker.postMessage(request);
}

function cancel(): void {
  if (!search) return;
  endSearch();
  $("progress").textContent = "cancelled";
}

function endSearch(): void {
  search?.terminate();
  search = undefined;
  $<HTMLButtonElement>("cancel").disabled = true;
  $<HTMLButtonElement>("explore").disabled = false;
}

function clearSearch(): void {
  $("progress").textContent = "";
  $("figures").replaceChildren();
  $("properties").replaceChildren();
  $("counterexamples").replaceChildren();
}

function showResult(result: SearchResult, wallMs: number): void {
  const figures: [string, string, string][] = [
    ["states", "states", String(result.states)],
    ["transitions", "transitions", String(result.transitions)],
    ["executions", "executions", result.executions ?? "infinite (the state graph has a cycle)"],
    ...(result.snapshots === undefined ? [] : [["snapshots", "distinct snapshots", String(result.snapshots)] as [string, string, string]]),
    ...result.figures.map(({ label, value }): [string, string, string] => [label, label, value]),
  ];
  $("figures").replaceChildren(...figures.flatMap(([key, label, value]) => [el("dt", {}, label), el("dd", { "data-figure": key }, value)]));
  $("progress").textContent = `explored in ${Math.round(result.elapsedMs).toLocaleString("en-US")} ms`;
  $("progress").setAttribute("data-search-ms", String(Math.round(result.elapsedMs)));
  $("progress").setAttribute("data-wall-ms", String(Math.round(wallMs)));
  $("properties").replaceChildren(
    ...result.properties.map(({ name, claim, holds }) =>
      el(
        "li",
        { "data-property": name, class: holds ? "holds" : "violated", title: claim },
        el("span", { class: "mark" }, holds ? "✓" : "✗"),
        ` ${name} `,
        el("em", {}, holds ? "holds" : "violated"),
      ),
    ),
  );
  $("counterexamples").replaceChildren(...result.counterexamples.map(shownCounterexample));
}

/** The learner's rules stopped the search: what at, in the CLI's words, and the run to it, loaded as a counterexample is. */
function showRunToRule({ stoppedAt, run }: SearchStoppedAtRule): void {
  $("progress").textContent = `the search stopped at ${stoppedAt}`;
  $("counterexamples").replaceChildren(shownCounterexample(run));
}

/** A counterexample, its steps and why folded under its property, with a button that loads it into the stepper. */
function shownCounterexample({ property, reason, steps, path }: ShownCounterexample): HTMLElement {
  const button = el(
    "button",
    { type: "button", "data-load-counterexample": property, "aria-label": `load the counterexample of ${property} into the stepper` },
    "Load",
  );
  button.addEventListener("click", () => loadPath(path));
  return el(
    "div",
    { class: "counterexample" },
    button,
    el(
      "details",
      {},
      el("summary", {}, el("strong", {}, property), `: shortest counterexample, ${steps.length} ${plural("step", steps.length)}`),
      el("p", { class: "reason" }, `why: ${reason}`),
      el("ol", {}, ...steps.map((s) => el("li", {}, s))),
    ),
  );
}

/** Follows `path` from the start in the current system and stands at its end. */
function loadPath(path: readonly number[]): void {
  if (!stepper) return;
  stepper = Stepper.following(stepper.system, path).stepper;
  render();
  $("diagram").scrollIntoView({ block: "nearest" });
}

// ---------------------------------------------------------------- traces

function openTrace(file: File): void {
  void file.text().then((text) => {
    let system: System | undefined;
    let rulesFile: string | undefined;
    try {
      const trace = parseTrace(text, file.name);
      // Saved with rules not the kit's (a rules file, or a version-1 trace's name the model does not know): replayed with the learner's, as replay --rules does.
      const kits = "algorithm" in trace.madeWith && trace.model.algorithms.names().includes(trace.madeWith.algorithm);
      const yours = yourRules && takesRulesFile(trace.model) && !kits ? yourRules : undefined;
      if (yours && "problem" in yours) throw new SnaplabError("BAD_RULES", yours.problem);
      rulesFile = yours?.file;
      const replay = yours
        ? replayTrace(trace, learnerRules(yourSubmission(yours.served, yours.module), trace.scenario as Scenario, yours.file))
        : replayTrace(trace);
      const raw = JSON.parse(text) as Record<string, unknown>;
      const fifo = typeof raw.fifo === "boolean" ? raw.fifo : undefined;
      const scenarioText = JSON.stringify(raw.scenario, null, 2);
      system = load({ text: scenarioText, file: `${file.name}: scenario` }, { ...(fifo === undefined ? {} : { fifo }), algorithm: replay.rules.name });
      if (!system) return;
      loadPath(actionPlaces(system.model, replay.path));
      $("trace-status").textContent = `${file.name}: ${replay.path.actions.length} ${plural("step", replay.path.actions.length)}; ${replayVerdictLine(replay)}`;
    } catch (error) {
      showError(oneLine(error, rulesFile));
    }
  });
}

function downloadTrace(): void {
  if (!stepper?.system.descriptor.trace) return;
  const { descriptor, scenario, rules, choice } = stepper.system;
  const broken = stepper.verdicts().find((v) => v.status === "violated");
  // A path that breaks nothing is saved without a violation, as the trace format says, and replays as clean.
  const trace = savedTrace(descriptor, scenario, choice.yourRules ? { file: choice.yourRules.file } : { algorithm: rules.name }, {
    path: stepper.path(),
    ...(broken ? { property: broken.name, reason: broken.reason ?? "" } : {}),
  });
  const url = URL.createObjectURL(new Blob([formatTrace(trace)], { type: "application/json" }));
  const link = el("a", { href: url, download: `${descriptor.scenarioName(scenario)}.trace.json` });
  link.click();
  URL.revokeObjectURL(url);
}

// ---------------------------------------------------------------- wiring

function readDropped(event: DragEvent, use: (file: File) => void): void {
  event.preventDefault();
  const file = event.dataTransfer?.files[0];
  if (file) use(file);
}

/** Shows what the page's address holds: on opening, and when a link that differs only after `#` is followed. */
function loadAddress(): void {
  let link: Link;
  try {
    link = readLink(location);
  } catch {
    // Nothing else is loaded in its place: the error stays, and so does the address, to be corrected.
    endSearch();
    clearSearch();
    stepper = undefined;
    source = { text: "", file: "#json" };
    requested = {};
    keepAddress = true;
    showScenarioText("");
    $<HTMLSelectElement>("scenario-list").value = "";
    showError("#json: the link's #json= is not a scenario file in base64url (was the link cut short?)");
    render();
    return;
  }
  const from: Source = link.json !== undefined ? { text: link.json, file: "#json" } : { shipped: shippedPath(link.scenario ?? DEFAULT_SCENARIO) };
  const asked = { ...(link.fifo === undefined ? {} : { fifo: link.fifo }), ...(link.algorithm ? { algorithm: link.algorithm } : {}) };
  const system = load(from, asked, link.path);
  if (system && link.explore) explore();
}

/** The learner's rules, where the page is served with them (your-rules.ts): imported once, here, for every system the page builds. */
async function importOfferedRules(): Promise<typeof yourRules> {
  let offered: OfferedRules | undefined;
  try {
    ({ offered } = (await import(new URL("./your-rules.js", import.meta.url).href)) as { offered?: OfferedRules });
  } catch {
    // A page whose server sends no module of rules offers none.
    return undefined;
  }
  if (!offered) return undefined;
  if ("problem" in offered) return offered;
  try {
    const served = { file: offered.file, module: offered.module, sourceMap: offered.sourceMap };
    return { file: offered.file, served, module: await importYourRules(served) };
  } catch (error) {
    return { file: offered.file, problem: oneLine(error) };
  }
}

async function start(): Promise<void> {
  yourRules = await importOfferedRules();
  fillScenarioList();
  // The CLI's default: a search too big for the tab stops with a message before memory runs out.
  $<HTMLInputElement>("max-states").value = String(DEFAULT_MAX_STATES);
  loadAddress();
  // Following a link that differs only after `#` does not reload the page.
  addEventListener("hashchange", loadAddress);
  new ResizeObserver(() => {
    if ($("diagram").clientWidth !== diagramWidth) renderDiagram();
  }).observe($("diagram"));
  new ResizeObserver(fitState).observe($("state-box"));

  $("scenario-list").addEventListener("change", () => {
    const path = $<HTMLSelectElement>("scenario-list").value;
    if (path) load({ shipped: path }, {});
  });
  // The same scenario with other switches: the run made so far is kept, as far as it can still be taken.
  $("algorithm").addEventListener("change", () => load(source, switches(), stepper));
  $("fifo").addEventListener("change", () => load(source, switches(), stepper));
  $("load-json").addEventListener("click", () => load({ text: $<HTMLTextAreaElement>("scenario-json").value, file: "pasted scenario" }, {}));
  const area = $("scenario-json");
  area.addEventListener("dragover", (event) => event.preventDefault());
  area.addEventListener("drop", (event) => readDropped(event, (file) => void file.text().then((text) => load({ text, file: file.name }, {}))));
  $("trace-file").addEventListener("change", () => {
    const file = $<HTMLInputElement>("trace-file").files?.[0];
    if (file) openTrace(file);
  });
  $("start").addEventListener("click", () => step(() => stepper!.goTo(0)));
  $("back").addEventListener("click", () => step(() => stepper!.goTo(stepper!.position - 1)));
  $("forward").addEventListener("click", () => step(() => stepper!.goTo(stepper!.position + 1)));
  $("end").addEventListener("click", () => step(() => stepper!.goTo(stepper!.length)));
  $("explore").addEventListener("click", explore);
  $("cancel").addEventListener("click", cancel);
  $("download-trace").addEventListener("click", downloadTrace);
  $("copy-link").addEventListener("click", () => void copyLink());
  document.addEventListener("keydown", (event) => {
    if ((event.key !== "ArrowLeft" && event.key !== "ArrowRight") || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    // In a field the arrows move the caret or pick; in a box that scrolls sideways they scroll it.
    const target = event.target instanceof Element ? event.target : document.body;
    if (target.closest("input, textarea, select, [contenteditable]") || inSidewaysScroller(target)) return;
    event.preventDefault();
    const by = event.key === "ArrowLeft" ? -1 : 1;
    step(() => stepper!.goTo(stepper!.position + by));
  });
}

void start();
