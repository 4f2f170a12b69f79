// The declarations every group module shares: what build() returns, how asked agents run, the tools standing for agents.

/** The Built interface of a group module (`what`: what `agent` is, for its comment). */
export function groupBuilt(what: string): string {
  return [
    '/** What build() returns: the SDK agents, and what to run them with. */',
    'export interface Built {',
    `  /** ${what}: \`run(agent, input, runOptions)\`; the next turn starts from the run's \`lastAgent\`. */`,
    '  readonly agent: Agent<unknown, AgentOutputType>;',
    '  /** Every agent of the group, by Agent Spec id. */',
    '  readonly agents: Readonly<Record<string, Agent<unknown, AgentOutputType>>>;',
    '  /** What of the spec this module does not carry over exactly. */',
    "  readonly warnings: readonly { readonly kind: 'unsupported' | 'approximated'; readonly component: string; readonly message: string }[];",
    '  /** Spread into `run(agent, input, { ...runOptions })`. */',
    '  readonly runOptions: { readonly maxTurns: number };',
    '  /** Release what the agents hold open (MCP connections). */',
    '  close(): Promise<void>;',
    '}',
  ].join('\n');
}

/** The AskAgent type, and runAsked, its default. */
export const ASK_AGENT = `/** One call of a tool standing for an agent (a worker, \`send_message_to_<Name>\`). */
export interface AskRequest {
  /** The Agent Spec id of the asked agent, and the SDK agent to run. */
  readonly id: string;
  readonly agent: Agent<unknown, AgentOutputType>;
  /** The tool called, the message (its \`message\` argument) and the call's id. */
  readonly tool: string;
  readonly message: string;
  readonly callId: string;
  /** 1 for an agent asked by the agent owning the conversation, 2 for one that agent asks, …: its run's \`context.askDepth\`. */
  readonly depth: number;
  /** The context of the run that asked. */
  readonly caller: object;
}

/** Runs an asked agent on a conversation of its own and gives its answer back (the tool's result). */
export type AskAgent = (request: AskRequest) => Promise<string>;

/** The default AskAgent: \`run()\` with the message as the only input; the answer is the text reply (other outputs as JSON). */
function runAsked(maxTurns: number): AskAgent {
  return async ({ agent, message, depth }) => {
    const result = await run(agent, message, { maxTurns, context: { askDepth: depth } });
    return typeof result.finalOutput === 'string' ? result.finalOutput : JSON.stringify(result.finalOutput ?? '');
  };
}`;

/** askTool: a tool standing for an agent (`depth`: send_message's limit on agents asking one another). */
export const ASK_TOOL = `/** The name, description and parameters of a tool standing for an agent (Agent Spec's, as the runtimes name them). */
interface AgentToolSpec {
  readonly name: string;
  readonly description: string;
  readonly parameters: ToolParameters;
}

/** The calls of one run are asked one after another (the SDK starts a turn's calls together), by the run's context. */
const asking = new WeakMap<object, Promise<unknown>>();

/**
 * A tool standing for an agent: \`{ message }\` in, the agent's answer out, the agent asked through \`ask\` on a
 * conversation of its own (the user does not see it); a failure fails the run. \`maxDepth\`: agents asking one another
 * deeper than that is AS_HANDOFF_LIMIT.
 */
function askTool(id: string, agent: () => Agent<unknown, AgentOutputType>, spec: AgentToolSpec, ask: AskAgent, maxDepth?: number) {
  return tool({
    ...spec,
    strict: true,
    errorFunction: null,
    execute: (args, context, details) => {
      const caller: { askDepth?: number } = (context?.context as { askDepth?: number } | undefined) ?? {};
      const depth = (caller.askDepth ?? 0) + 1;
      if (maxDepth !== undefined && depth > maxDepth) {
        throw new CodedError('AS_HANDOFF_LIMIT', \`the agents asked one another (send_message inside send_message) more than \${maxDepth} times without an answer to the user\`);
      }
      const given = args as { message?: unknown };
      const message = typeof given.message === 'string' ? given.message : JSON.stringify(args);
      const callId = details?.toolCall?.callId ?? '';
      const answer = (asking.get(caller) ?? Promise.resolve()).then(() => ask({ id, agent: agent(), tool: spec.name, message, callId, depth, caller }));
      asking.set(caller, answer.catch(() => undefined));
      return answer;
    },
  });
}`;

/** transferTo: a Swarm's transfer as an SDK handoff. */
export const TRANSFER_TO = `/** Transfers in a row in one run (a run ends when an agent answers the user), by the run's context. */
const inARow = new WeakMap<object, number>();

/**
 * A \`transfer_to_<Name>\` tool: an SDK handoff, the agent taking the whole conversation over (it answers the user and
 * keeps the conversation). More than \`maxHandoffs\` in a row without an answer to the user is AS_HANDOFF_LIMIT.
 */
function transferTo(agent: Agent<unknown, AgentOutputType>, spec: { readonly name: string; readonly description: string }, maxHandoffs: number) {
  return handoff(agent, {
    toolNameOverride: spec.name,
    toolDescriptionOverride: spec.description,
    onHandoff: (context) => {
      const run: object = (context.context as object | undefined) ?? context;
      const count = (inARow.get(run) ?? 0) + 1;
      if (count > maxHandoffs) {
        throw new CodedError('AS_HANDOFF_LIMIT', \`the conversation was handed over more than \${maxHandoffs} times without an answer to the user\`);
      }
      inARow.set(run, count);
    },
  });
}`;
