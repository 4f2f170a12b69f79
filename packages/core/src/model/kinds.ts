import { isBuiltinType } from '../components/registry.js';
import type { AgenticComponent, ClientTransport, Component, LlmConfig, Node, OciClientConfig, Tool, UnknownComponent } from './types.js';

/**
 * The kind of every component this library does not type (a later version's,
 * a plugin's): the key of its entry in a handler table. Not a component_type:
 * the component keeps its own.
 */
export const UNKNOWN_KIND = 'Unknown';
export type UnknownKind = typeof UNKNOWN_KIND;

/** The handler key of a component: its `component_type` when built in, else `UNKNOWN_KIND`. */
export type KindOf<C extends Component> = C extends UnknownComponent ? UnknownKind : C['component_type'];
/** The component of a union that a kind stands for. */
export type OfKind<C extends Component, K extends KindOf<C>> = K extends UnknownKind ? Extract<C, UnknownComponent> : Extract<C, { component_type: K }>;

/** The built-in members of a component union. */
export type Known<C extends Component> = Exclude<C, UnknownComponent>;

export type NodeKind = KindOf<Node>;
export type ToolKind = KindOf<Tool>;
export type LlmConfigKind = KindOf<LlmConfig>;
export type AgenticKind = KindOf<AgenticComponent>;
export type ClientTransportKind = KindOf<ClientTransport>;
export type OciClientConfigKind = KindOf<OciClientConfig>;

/** Whether this library does not type the component (told by its component_type, so hand-made objects too). */
export function isUnknownComponent(component: Component): component is UnknownComponent {
  return !isBuiltinType(component.component_type);
}

/** The entry of a component in a handler table keyed by kind (`{ [K in NodeKind]: … }`). */
export function kindOf<C extends Component>(component: C): KindOf<C> {
  return (isBuiltinType(component.component_type) ? component.component_type : UNKNOWN_KIND) as KindOf<C>;
}
