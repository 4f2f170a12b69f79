import {
  AgentSpecLoadError, componentVersionRange, hasErrors, isUnknownComponent, validateComponent, type Component, type UnknownComponent,
} from '@agentspec/core';
import { eachComponent } from '../components.js';
import { RuntimeError } from '../errors.js';
import { NO_CLIENT_HERE, type Capabilities, type Refusal } from './capabilities.js';
import { pushNotificationRefusal } from './push-notification-refusal.js';

/** What a load (compile, emit) gives that changes what runs. */
export interface AdmitContext {
  /** Every LLM request goes to `llm.override`, or to a model given to the runtime: configs it cannot reach itself run after all. */
  readonly llmOverride?: boolean;
}

const PARTICIPLE = { run: 'run', compile: 'compiled', emit: 'emitted' } as const;
const ASKED = { run: 'load', compile: 'compile', emit: 'emit' } as const;

/**
 * Admission of a component (DESIGN §2.1), before anything runs: a root of a
 * type the capabilities do not take is AS_UNSUPPORTED; an invalid component
 * an AgentSpecLoadError with every diagnostic; anything inside it they refuse — a
 * refused built-in type, any component this library does not type (a later
 * version's, a plugin's), an Agent or Flow input or output of a reserved
 * name, an A2AAgent asking for push notifications — is one AS_UNSUPPORTED naming the component, its
 * type and its JSON Pointer from the root (the first one met; the others
 * listed after it).
 */
export function admit(component: Component, capabilities: Capabilities, context: AdmitContext = {}): void {
  const { by, action, roots } = capabilities;
  if (!(roots as readonly string[]).includes(component.component_type)) {
    // a component no runtime has a client for: that reason, rather than "not on its own"
    if (isUnknownComponent(component) && Object.hasOwn(NO_CLIENT_HERE, component.component_type)) throw unsupportedComponent(component, capabilities);
    const takes = roots.map((t) => `${/^[AEIOU]/.test(t) ? 'an' : 'a'} ${t}`).join(' or ').replace(/ or (?=.* or )/g, ', ');
    throw new RuntimeError('AS_UNSUPPORTED', `${component.component_type} ${label(component)} cannot be ${PARTICIPLE[action]} on its own by ${by}: ${ASKED[action]} ${takes}`, {}, capabilities.rootHint ? { hint: capabilities.rootHint } : undefined);
  }
  const diagnostics = validateComponent(component);
  if (hasErrors(diagnostics)) throw new AgentSpecLoadError(diagnostics);
  const refused: { component: Component; path: string; refusal?: Refusal }[] = [];
  eachComponent(component, (c, path) => {
    if (isRefused(c, capabilities, context)) {
      refused.push({ component: c, path });
      return false;
    }
    const reserved = reservedName(c, capabilities) ?? pushNotificationRefusal(c);
    if (reserved) refused.push({ component: c, path: `${path}${reserved.at}`, refusal: reserved.refusal });
    return undefined;
  });
  const [first, ...more] = refused;
  if (!first) return;
  const also = more.length > 0 ? `; also ${more.map((r) => `${r.component.component_type} ${label(r.component)} at ${r.path}`).join(', ')}` : '';
  throw unsupportedComponent(first.component, capabilities, { path: first.path, also, ...(first.refusal ? { refusal: first.refusal } : {}) });
}

/** Whether `capabilities` refuse one component. */
function isRefused(c: Component, capabilities: Capabilities, context: AdmitContext): boolean {
  if (isUnknownComponent(c)) return !(capabilities.runs as readonly string[] | undefined)?.includes(c.component_type);
  const refusal = capabilities.refuses[c.component_type];
  return refusal !== undefined && !(refusal.unlessLlmOverride && context.llmOverride);
}

/** The first input or output of an Agent or a Flow with a name the capabilities reserve. */
function reservedName(c: Component, capabilities: Capabilities): { at: string; refusal: Refusal } | undefined {
  const reserved = capabilities.reservedNames;
  if (!reserved || isUnknownComponent(c) || (c.component_type !== 'Agent' && c.component_type !== 'Flow')) return undefined;
  for (const field of ['inputs', 'outputs'] as const) {
    const i = (c[field] ?? []).findIndex((p) => reserved.names.includes(p.title));
    if (i < 0) continue;
    const what = `its ${field === 'inputs' ? 'input' : 'output'} '${(c[field] ?? [])[i]?.title}'`;
    return { at: `/${field}/${i}`, refusal: { reason: `${what} is ${reserved.reason}`, ...(reserved.hint ? { hint: reserved.hint } : {}) } };
  }
  return undefined;
}

function unknownRefusal(c: UnknownComponent, by: string): Refusal {
  const noClient = (NO_CLIENT_HERE as Readonly<Record<string, Refusal>>)[c.component_type];
  if (noClient) return noClient;
  const range = componentVersionRange(c.component_type);
  if (range) {
    return {
      reason: `a component of Agent Spec ${range[0]}, which ${by} does not run yet`,
      hint: `leave it out of the spec to run it here, or run the spec on a runtime that runs it (the capabilities of each adapter list them); it is kept when the spec is converted or written`,
    };
  }
  if (typeof c.component_plugin_name === 'string') {
    return { reason: `a component of plugin ${c.component_plugin_name}, which ${by} has no handler for` };
  }
  return { reason: `a component type ${by} does not know`, hint: 'check the spelling, or run it where a plugin handles it' };
}

/** `'name'`, with the id when it differs. */
function label(c: Component): string {
  const name = typeof c.name === 'string' ? c.name : c.id;
  return name === c.id ? `'${c.id}'` : `'${name}' (id '${c.id}')`;
}

/**
 * The AS_UNSUPPORTED error of one component, with the reason `capabilities`
 * give for its type: admit()'s, and that of code admit() keeps from being
 * reached (the `Unknown` entry of a handler table, a branch for a refused type).
 */
export function unsupportedComponent(
  component: Component,
  capabilities: Partial<Capabilities> = {},
  at: { readonly path?: string; readonly also?: string; readonly refusal?: Refusal } = {},
): RuntimeError {
  const by = capabilities.by ?? 'this runtime';
  const refusal = at.refusal ?? (isUnknownComponent(component)
    ? unknownRefusal(component, by)
    : capabilities.refuses?.[component.component_type] ?? { reason: `not a component ${by} runs` });
  const where = at.path !== undefined ? ` at ${at.path || '/'}` : '';
  return new RuntimeError(
    'AS_UNSUPPORTED',
    `${component.component_type} ${label(component)}${where} cannot be ${PARTICIPLE[capabilities.action ?? 'run']} by ${by}: ${refusal.reason}${at.also ?? ''}`,
    {},
    refusal.hint ? { hint: refusal.hint } : undefined,
  );
}

/** For the `Unknown` entry of a handler table: refuses the component (AS_UNSUPPORTED). */
export function refuseUnknown(component: Component): never {
  throw unsupportedComponent(component);
}

/** `component` as a built-in one; one this library does not type (which admit() refuses first) is AS_UNSUPPORTED. */
export function admitted<C extends Component>(component: C): Exclude<C, UnknownComponent> {
  if (isUnknownComponent(component)) throw unsupportedComponent(component);
  return component as Exclude<C, UnknownComponent>;
}
