import type { Component } from '@agentspec/core';
import { referenceRuntime, type App, type RuntimeLoadOptions } from '@agentspec/runtime';
import { aiSdkBackend } from '../backend/ai-sdk-backend.js';
import type { AiSdkRuntimeOptions } from '../options.js';
import { AI_SDK_RUNTIME_NAME } from '../runtime-name.js';
import { AI_SDK_CAPABILITIES } from '../capabilities.js';

/** A Flow (a Swarm, a ManagerWorkers) on the reference interpreter (DESIGN §4.3) with an LlmBackend on the AI SDK; its saves carry this runtime's name. */
export async function flowApp(flow: Component, load: RuntimeLoadOptions, options: AiSdkRuntimeOptions): Promise<App> {
  const backend = (llm: RuntimeLoadOptions['llm']) => aiSdkBackend({ ...llm, ...(options.model !== undefined ? { model: options.model } : {}) });
  return referenceRuntime({ backend, name: AI_SDK_RUNTIME_NAME, capabilities: AI_SDK_CAPABILITIES.runtime }).load(flow, load);
}
