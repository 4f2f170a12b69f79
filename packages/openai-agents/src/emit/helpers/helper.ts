import type { SnippetName } from '@agentspec/runtime';
import type { ModuleHelper } from '@agentspec/runtime/emit';

/** A piece of code the emitted module needs, with what it needs in turn. */
export type Helper = ModuleHelper<HelperName>;

export type HelperName =
  | SnippetName | 'toolParameters' | 'notStrict' | 'toolFailed' | 'runData' | 'respondToClientTool' | 'checkToolCalls' | 'chatModel' | 'responsesModel'
  | 'mcpServer' | 'mcpValue' | 'messageTransforms';
