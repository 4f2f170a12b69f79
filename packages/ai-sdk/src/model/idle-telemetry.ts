import { tracingChannel } from 'node:diagnostics_channel';
import { AI_SDK_TELEMETRY_TRACING_CHANNEL, type TelemetryOptions } from 'ai';

/** The AI SDK's telemetry tracing channel (`ai:telemetry`), looked up once. */
const channel = tracingChannel(AI_SDK_TELEMETRY_TRACING_CHANNEL);

/** `telemetry` of a call that nobody's AI SDK telemetry would see. */
const OFF: { readonly telemetry: TelemetryOptions } = Object.freeze({ telemetry: Object.freeze({ isEnabled: false }) });
const ON: { readonly telemetry?: TelemetryOptions } = Object.freeze({});

/**
 * The `telemetry` setting of one AI SDK call made by the runtime: off while
 * no AI SDK telemetry integration is registered (`registerTelemetry`, kept by
 * the AI SDK in `globalThis.AI_SDK_TELEMETRY_INTEGRATIONS`) and nobody
 * subscribes to its `ai:telemetry` tracing channel — then every telemetry
 * event of the call would be built (the call's options copied and redacted)
 * for no one; the runtime traces its own spans. Asked at each call, so that
 * an integration registered or a subscriber added later sees the calls made
 * after it, as with any AI SDK call.
 */
export function idleTelemetry(): { readonly telemetry?: TelemetryOptions } {
  const integrations = (globalThis as { AI_SDK_TELEMETRY_INTEGRATIONS?: readonly unknown[] }).AI_SDK_TELEMETRY_INTEGRATIONS;
  return (integrations === undefined || integrations.length === 0) && !channel.hasSubscribers ? OFF : ON;
}
