import { laterComponent, type Component, type ManagerWorkers, type Swarm } from '@agentspec/core';
import { RuntimeError, serverToolNames, swarmLinks, workerToolSpec } from '@agentspec/runtime';
import { camelCase, commentText, key, str } from '@agentspec/runtime/emit';
import { nativeGroup, type NativeGroup } from '../multi-agent/native-group.js';
import { specBuild, specBuildOptions, specOptions } from './flow.js';
import type { MastraModule as ModuleWriter } from './helpers.js';
import { emitSpecTransforms } from './transforms.js';

/** An object literal's entry whose key is a spec's id or name (`__proto__` computed, so that it stays a key). */
function entry(name: string, value: string): string {
  return name === '__proto__' ? `[${str(name)}]: ${value}` : `${key(name)}: ${value}`;
}

/** `{ name: value, … }` over lines, or `{}`. */
function tools(entries: readonly (readonly [string, string, string?])[], pad: string): string {
  if (entries.length === 0) return '{}';
  return ['{', ...entries.flatMap(([name, value, comment]) => [...(comment ? [`${pad}  // ${comment}`] : []), `${pad}  ${entry(name, value)},`]), `${pad}}`].join('\n');
}

/** The Mastra Agents of a Swarm, written out: each member owning the conversation with its transfer and send_message tools, and asked. */
function swarmBody(group: Extract<NativeGroup, { kind: 'swarm' }>, m: ModuleWriter): { lines: string[]; owners: [string, string][] } {
  const { swarm } = group;
  const lines: string[] = [];
  const owners: [string, string][] = [];
  const linkTools = (id: string, owner: boolean) => swarmLinks(swarm, group.members.find((a) => a.id === id)!, owner).map((l) => [
    l.spec.name,
    l.kind === 'transfer' ? `members.transfer(${str(l.to.id)})` : `members.sendMessage(${str(l.to.id)})`,
    l.kind === 'transfer' ? `${commentText(String(l.to.name))} owns the conversation after this step` : `asks ${commentText(String(l.to.name))}, whose answer is the result`,
  ] as const);
  lines.push('// each agent owning the conversation: its own tools, then per recipient the tools the handoff mode gives (Mastra\'s agents as tools)');
  for (const a of group.members) {
    const name = m.names.take(camelCase(a.name, { fallback: 'agent' }), { alternative: camelCase(`${a.name} ${a.id}`, { fallback: 'agent' }) });
    lines.push(`const ${name} = members.owner(${str(a.id)}, ${tools(linkTools(a.id, true), '')});`);
    owners.push([a.id, name]);
  }
  const asked = group.members.filter((a) => group.members.some((from) => swarmLinks(swarm, from, true).some((l) => l.kind === 'send_message' && l.to.id === a.id)));
  if (asked.length > 0) lines.push('// each agent another one asks (send_message_to_<Name>), as that tool runs it: a conversation of its own, no transfer tools');
  for (const a of asked) lines.push(`members.asked(${str(a.id)}, ${tools(linkTools(a.id, false), '')});`);
  return { lines, owners };
}

/** The Mastra Agent of a ManagerWorkers' manager, written out: its own tools, then one per worker. */
function managerBody(group: Extract<NativeGroup, { kind: 'manager-workers' }>, m: ModuleWriter): { lines: string[]; owners: [string, string][] } {
  const name = m.names.take(camelCase(group.manager.name, { fallback: 'manager' }), { alternative: 'manager' });
  const workers = group.workers.map((w) => [workerToolSpec(w).name, `members.worker(${str(w.id)})`, `gives ${commentText(String(w.name))} a task (its own Mastra Agent) and returns its answer`] as const);
  return {
    lines: [
      '// the manager owns the conversation: its own tools, then one per worker (Mastra\'s agents as tools)',
      `const ${name} = members.owner(${str(group.manager.id)}, ${tools(workers, '')});`,
    ],
    owners: [[group.manager.id, name]],
  };
}

/**
 * The module of a Swarm or ManagerWorkers (SpecializedAgents merged:
 * `root`; `given` is what the module keeps as SPEC) as Mastra Agents, as
 * `compileMastra` makes them (DESIGN §4.2): the members' Agents and the tools
 * standing for the other members written out — which agent gets which tool —,
 * each made by `groupAgents` of this package (the Agent Spec semantics of
 * prompts, tools, asked agents, transfers). `build` returns the group as
 * `compileMastra` does; `mastraRuntime` (its `build` option) drives the
 * conversation: who owns it, handoff limits. A group whose members stop the
 * run for the caller is AS_UNSUPPORTED, as in `compileMastra`.
 */
export function emitMultiAgent(given: Component, root: Component, m: ModuleWriter): string[] | undefined {
  const swarm = laterComponent(root, 'Swarm');
  const mw = laterComponent(root, 'ManagerWorkers');
  if (!swarm && !mw) return undefined;
  const group = (swarm ?? mw) as Swarm | ManagerWorkers;
  const native = nativeGroup(root);
  if (!native?.group) {
    throw new RuntimeError('AS_UNSUPPORTED', `${group.component_type} '${group.name}' cannot be written as Mastra Agents: ${native?.reason ?? 'not a group'}`, {}, {
      hint: 'run it with mastraRuntime(), which runs it on the shared multi-agent semantics with Mastra\'s models',
    });
  }
  m.import('@agentspec/mastra', 'groupAgents');
  m.importType('@agentspec/mastra', 'CompileMastraOptions');
  m.importType('@agentspec/mastra', 'MastraCompiled');
  const names = serverToolNames(root).sort();
  const transforms = emitSpecTransforms(root, m);
  m.section(specBuildOptions(names, 'LLM turns per agent run, `maxHandoffs` (agents asked inside one another), HTTP timeout and retries.', transforms));
  const { lines, owners } = native.group.kind === 'swarm' ? swarmBody(native.group, m) : managerBody(native.group, m);
  // the Swarm's first agent, the manager
  const first = owners[0]![1];
  const body = [
    '// the members\' Agent Spec semantics (prompts, tools, LLM calls; the tools standing for other agents), bound to the options',
    'const members = groupAgents(SPEC, {',
    ...specOptions(names, transforms),
    '});',
    ...lines,
    `return {`,
    `  kind: 'group', group: members.group, agent: ${first},`,
    `  owners: { ${owners.map(([id, name]) => (id === name ? name : entry(id, name))).join(', ')} },`,
    '  agents: members.agents, warnings: members.warnings, close: () => members.close(),',
    '};',
  ];
  const what = group.component_type === 'Swarm' ? 'Swarm' : 'ManagerWorkers';
  specBuild(m, given, 'group', [
    `The Mastra Agents of ${what} ${commentText(str(group.name))}: \`owners\` by member id (${what === 'Swarm' ? 'the first agent' : 'the manager'} first in \`agent\`), every agent`,
    'made in `agents` (register them with your `Mastra`). mastraRuntime({ build }) runs the conversation: who owns it, handoffs.',
  ], names.length > 0, body);
  return [
    'import { build } from \'./this-module.js\';',
    `const { agent, owners } = build(${names.length > 0 ? '{ tools: { … } }' : ''}); // owners: the Mastra Agent of each member, by id`,
    'const reply = await agent.generate(\'Hello!\'); // one turn; mastraRuntime({ build }) runs the whole conversation (handoffs)',
  ];
}
