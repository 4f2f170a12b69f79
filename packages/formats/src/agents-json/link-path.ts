/** Where a link's origin reads from. */
export type OriginField =
  | { readonly from: 'flow'; readonly name: string }
  | { readonly from: 'action'; readonly output: string; readonly nested: readonly string[] };

/** Where a link's target writes to. */
export type TargetField =
  | { readonly to: 'flow'; readonly name: string }
  | { readonly to: 'parameter'; readonly name: string }
  | { readonly to: 'body'; readonly path: readonly string[] };

const STATUS = /^(success|default|[1-5](\d\d|XX))$/;

/**
 * An origin field path: of the flow, `parameters.x`, `requestBody.x` or
 * `x`; of an action, the response field `response.x`, `responses.x`,
 * `responses.success.x` or `responses.200.x` (further segments are parts
 * of that field, `nested`). `response` alone is the whole body. Undefined
 * when the path names nothing of the kind.
 */
export function parseOrigin(fieldPath: string, ofFlow: boolean): OriginField | undefined {
  const segments = fieldPath.split('.');
  if (segments.some((s) => s === '')) return undefined;
  if (ofFlow) {
    const name = (segments[0] === 'parameters' || segments[0] === 'requestBody') && segments.length === 2 ? segments[1] : segments.length === 1 ? segments[0] : undefined;
    return name === undefined ? undefined : { from: 'flow', name };
  }
  let rest = segments;
  if (rest[0] === 'response' || rest[0] === 'responses') {
    rest = rest.slice(1);
    if (rest.length > 1 && STATUS.test(rest[0]!)) rest = rest.slice(1);
  }
  if (rest.length === 0) return segments.length === 1 ? { from: 'action', output: 'response', nested: [] } : undefined;
  return { from: 'action', output: rest[0]!, nested: rest.slice(1) };
}

/**
 * A target field path: of the flow, its response field
 * (`responses.success.x`, `response.x`, `responses.x` or `x`); of an action,
 * `parameters.x` or a request body field `requestBody.a.b` (`requestBody`
 * alone is the whole body). Undefined when the path names nothing of the kind.
 */
export function parseTarget(fieldPath: string, toFlow: boolean): TargetField | undefined {
  const segments = fieldPath.split('.');
  if (segments.some((s) => s === '')) return undefined;
  if (toFlow) {
    let rest = segments;
    if (rest[0] === 'response' || rest[0] === 'responses') rest = rest.slice(1);
    if (rest.length === 2 && STATUS.test(rest[0]!)) rest = rest.slice(1);
    return rest.length === 1 ? { to: 'flow', name: rest[0]! } : undefined;
  }
  if (segments[0] === 'parameters' && segments.length === 2) return { to: 'parameter', name: segments[1]! };
  if (segments[0] === 'requestBody') return { to: 'body', path: segments.slice(1) };
  return undefined;
}
