/**
 * Every warning `importAgentsJson` may give, by code: what of an agents.json
 * flow (or of the OpenAPI operations it calls) the Agent Spec Flow does not
 * hold exactly, and what it holds instead. A fixed list (the README lists
 * it, a test checks the README and that each code is produced).
 */
export const AGENTS_JSON_WARNING_CODES = {
  AJ_AUTH_SCHEME: { kind: 'unsupported', what: 'The operation requires credentials (OpenAPI `security`): no secret travels with a spec, so the ApiNode sends none; the schemes are named (add the header to the node, or put a proxy that adds it in front).' },
  AJ_PARAMETER_STYLE: { kind: 'approximated', what: 'A parameter whose serialization a template cannot follow (an array or object value, a `style` or `explode` other than the default): the value is sent as text (JSON for arrays and objects).' },
  AJ_PATH_VALUE_UNENCODED: { kind: 'approximated', what: 'Path parameters: their values are put into the URL as they are (not percent-encoded), so a value with `/`, `?` or `#` changes the URL.' },
  AJ_BODY_VALUE_AS_STRING: { kind: 'approximated', what: 'A request body field that is not a string (number, boolean, array, object): templates render every value as text, so the field is sent as a JSON string.' },
  AJ_BODY_MEDIA_TYPE: { kind: 'approximated', what: 'A request body media type other than JSON, form-urlencoded or text (e.g. multipart): the body is sent as JSON.' },
  AJ_LINK_NESTED_PATH: { kind: 'unsupported', what: 'A link from a field nested in a response (`response.data.id`, `response.0.name`): a flow passes whole outputs, not parts of them. The link is left out; its target is fed as if no link named it (a flow input when required).' },
  AJ_LINK_FIELD_UNKNOWN: { kind: 'unsupported', what: 'A link from or to a field the flow or the operation does not have (not a flow parameter or response field, not a parameter or body field of the operation): left out.' },
  AJ_LINK_TYPE_MISMATCH: { kind: 'approximated', what: 'A link between fields whose types do not cast (e.g. a string into a number): the receiving flow output is left untyped.' },
  AJ_LINK_INFERRED: { kind: 'approximated', what: 'An operation field no link feeds has the name of a flow parameter: the flow parameter feeds it.' },
  AJ_UNLINKED_INPUT: { kind: 'approximated', what: 'A required operation field no link (and no flow parameter of that name) feeds: it becomes a flow input `<action>_<field>`, where an agents.json client would let a model fill it.' },
  AJ_OPTIONAL_INPUT: { kind: 'approximated', what: 'An optional flow parameter that feeds a request: when it is not given, its default is sent (`\'\'` for strings, else `null`).' },
  AJ_OUTPUT_INFERRED: { kind: 'approximated', what: 'A flow response field no link fills: taken from the last action whose response has a field of that name.' },
  AJ_OUTPUT_UNBOUND: { kind: 'unsupported', what: 'A flow response field nothing fills: the flow output is `null`.' },
  AJ_RESPONSE_FIELD_UNDECLARED: { kind: 'approximated', what: 'A link from a response field the operation\'s success response does not declare: the ApiNode has that output, untyped.' },
  AJ_ACTIONS_REORDERED: { kind: 'approximated', what: 'Links make an action use the response of one listed after it: the actions run in the order the links need, not as listed.' },
  AJ_SERVER_CHOSEN: { kind: 'approximated', what: 'The OpenAPI document lists several servers: the first is called (choose another with `serverUrls`, `--server-url <id>=<url>`).' },
  AJ_OVERRIDE_UNUSED: { kind: 'unsupported', what: 'An override of an operation the imported flow does not call, or whose field path does not exist in it: it changes nothing.' },
  AJ_REMOTE_REF: { kind: 'unsupported', what: 'An OpenAPI `$ref` to a URL: never fetched; the schema there is left open (any value).' },
  AJ_RECURSIVE_SCHEMA: { kind: 'approximated', what: 'A recursive OpenAPI schema: cut where it refers to itself (any value from there on).' },
  AJ_PARAMETER_TYPE: { kind: 'approximated', what: 'A flow parameter whose `type` is not a JSON Schema type: the input is untyped.' },
  AJ_UNKNOWN_FIELD: { kind: 'unsupported', what: 'A field agents.json does not define on the document, a flow or an action: not acted on; kept in metadata.' },
} as const satisfies Record<string, { readonly kind: 'unsupported' | 'approximated'; readonly what: string }>;

export type AgentsJsonWarningCode = keyof typeof AGENTS_JSON_WARNING_CODES;
