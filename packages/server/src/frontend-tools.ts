import { clientTool, type Agent, type Component, type Property } from '@agentspec/core';
import { eachComponent, replaceComponents } from '@agentspec/runtime';

/** A tool the client runs itself (an AG-UI frontend tool): its name, what it does and the JSON Schema of its arguments. */
export interface FrontendTool {
  readonly name: string;
  readonly description?: string;
  readonly parameters?: Readonly<Record<string, unknown>>;
}

/**
 * The component with the client's tools added as ClientTools to each of its
 * agents (the root Agent, or the agents of a flow's AgentNodes), so a call of
 * one ends the run with a `tool_request` the client answers. A tool whose name
 * an agent already has is left to the spec's. Ids are derived from the names,
 * so the same tools give the same spec (and the same hash: a saved session
 * resumes on it).
 */
export function withClientTools<C extends Component>(component: C, tools: readonly FrontendTool[]): C {
  if (tools.length === 0) return component;
  const replacements = new Map<Component, Component>();
  eachComponent(component, (c) => {
    if (c.component_type !== 'Agent') return;
    const agent = c as Agent;
    const have = new Set(agent.tools.map((t) => t.name));
    const added = tools.filter((t) => !have.has(t.name)).map((t) => clientTool({
      id: `frontend_tool_${t.name}`, name: t.name, ...(t.description ? { description: t.description } : {}), inputs: inputsOf(t.parameters),
    }));
    if (added.length > 0) replacements.set(agent, { ...agent, tools: [...agent.tools, ...added] } as Agent);
  });
  return replaceComponents(component, replacements);
}

/** The inputs of a tool from the JSON Schema of its arguments (one property each). */
function inputsOf(parameters: Readonly<Record<string, unknown>> | undefined): Property[] {
  const properties = (parameters?.properties ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(properties).map(([title, schema]) => ({ ...schema, title }) as Property);
}

/** Frontend tools as given by a client, checked (a list of objects with a string `name`). */
export function frontendTools(value: unknown): FrontendTool[] {
  if (!Array.isArray(value)) return [];
  return value.filter((t): t is FrontendTool => typeof t === 'object' && t !== null && typeof (t as FrontendTool).name === 'string')
    .map((t) => ({ name: t.name, ...(typeof t.description === 'string' ? { description: t.description } : {}), ...(t.parameters ? { parameters: t.parameters } : {}) }));
}
