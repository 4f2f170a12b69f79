/**
 * Every diagnostic code @agentspec/core emits, with its default severity and
 * what it means. Codes are stable: they may be added, never renamed or reused.
 * `docs/diagnostics.md` is generated from this table (see tests/codes.test.ts).
 */
export const DIAGNOSTIC_CODES = {
  // Parsing and resource limits
  AS_PARSE_JSON: { severity: 'error', doc: 'The text is not well-formed JSON (line/column of the first error).' },
  AS_PARSE_YAML: { severity: 'error', doc: 'The text is not well-formed YAML (line/column of each error).' },
  AS_LIMIT_SIZE: { severity: 'error', doc: 'The document is larger than `limits.maxBytes`.' },
  AS_LIMIT_DEPTH: { severity: 'error', doc: 'The document nests deeper than `limits.maxDepth`.' },
  AS_LIMIT_ALIASES: { severity: 'error', doc: 'The YAML document uses more aliases than `limits.maxAliases` (alias bomb guard).' },
  AS_LIMIT_EXPANSION: { severity: 'error', doc: 'The YAML document, once its aliases are expanded, is larger than `limits.maxExpansion` times its text (at least 1 MiB is always accepted): an anchor reused to amplify the document.' },
  AS_TOO_MANY_DIAGNOSTICS: { severity: 'error', doc: 'More problems than the `maxDiagnostics` load option (default 1,000): the first ones are reported, the rest only counted here. A warning when every one left out is a warning.' },
  AS_NOT_A_COMPONENT: { severity: 'error', doc: 'A value where a component is expected is not an object with a `component_type` (or a `$component_ref`).' },

  // Versions
  AS_VERSION_MISSING: { severity: 'warning', doc: 'The document declares neither `agentspec_version` nor the legacy `air_version`; no version gate is applied.' },
  AS_VERSION_UNSUPPORTED: { severity: 'error', doc: 'The declared version is not one this library reads (25.4.1, 25.4.2, 26.1.0, 26.1.2, 26.3.1; 26.2.0 reads as 26.3.1, legacy 25.4.0 as 25.4.1; 26.4.0 with AS_VERSION_AHEAD).' },
  AS_VERSION_AHEAD: { severity: 'warning', doc: 'The declared version is in development (26.4.0): the document is read with the gates of the latest release (26.3.1), and what only the newer version has is read as unknown.' },
  AS_VERSION_MISPLACED: { severity: 'error', doc: '`agentspec_version` (or `air_version`) on a component nested in a field: the language specification puts it at the top level of a document (and of each entry of `$referenced_components`).' },
  AS_VERSION_GATE: { severity: 'error', doc: 'A component or field does not exist in the declared (or requested) version: newer than it, or removed before it.' },
  AS_VERSION_CONFLICT: { severity: 'error', doc: 'No single version can hold the tree (it mixes a component removed in a version with one added after it).' },

  // Shapes of components and fields
  AS_UNKNOWN_COMPONENT: { severity: 'error', doc: 'A `component_type` that is neither built in, of a later known version, nor handled by a registered plugin.' },
  AS_MISSING_FIELD: { severity: 'error', doc: 'A required field is absent.' },
  AS_WRONG_TYPE: { severity: 'error', doc: 'A field holds a value of the wrong JSON type or outside its enumeration.' },
  AS_WRONG_COMPONENT_KIND: { severity: 'error', doc: 'A field holds a component of the wrong family (for example a tool where a node is expected).' },
  AS_UNKNOWN_FIELD: { severity: 'warning', doc: 'A key that the component does not define in any known version; it is kept and written back.' },
  AS_INVALID_PROPERTY: { severity: 'error', doc: 'An input/output property is not a JSON Schema object with a string `title`, or has an unknown `type`.' },
  AS_DUPLICATE_PROPERTY: { severity: 'error', doc: 'Two inputs (or two outputs) of one component share a title.' },
  AS_PLUGIN_MISSING: { severity: 'error', doc: 'A plugin component (one that names its `component_plugin_name`, or a type no version defines) whose plugin is not registered: pass it in the `plugins` load option.' },
  AS_PLUGIN_ERROR: { severity: 'error', doc: 'A registered plugin threw while reading or writing its component.' },

  // References and identity
  AS_DANGLING_REF: { severity: 'error', doc: 'A `$component_ref` names an id found neither in any `$referenced_components` in scope, in the document, nor in the components supplied at load.' },
  AS_DUPLICATE_ID: { severity: 'error', doc: 'Two different components use the same id.' },
  AS_REF_CYCLE: { severity: 'error', doc: 'Following references leads back to a component that is still being read (a component that contains itself).' },
  AS_SECRET_MISSING: { severity: 'warning', doc: 'A sensitive field is a reference whose value was not supplied at load; the runtime must provide it (environment or options).' },
  AS_UNUSED_COMPONENT: { severity: 'warning', doc: 'An entry of `$referenced_components` that nothing references; it is read and checked, but not written back.' },
  AS_DISAGGREGATED_ONLY: { severity: 'error', doc: 'The document holds only `$referenced_components`: it is a disaggregated-components document, to pass as `referenced` when loading the main one.' },

  // Flow structure
  AS_FLOW_START_MISSING: { severity: 'error', doc: "The flow's `start_node` is not listed in its `nodes`." },
  AS_FLOW_START_NOT_START_NODE: { severity: 'error', doc: "The flow's `start_node` is not a StartNode." },
  AS_FLOW_MULTIPLE_START: { severity: 'error', doc: 'The flow lists more than one StartNode.' },
  AS_FLOW_NO_END: { severity: 'error', doc: 'No EndNode can be reached from the start node.' },
  AS_FLOW_UNREACHABLE_NODE: { severity: 'warning', doc: 'A listed node cannot be reached from the start node.' },
  AS_EDGE_UNKNOWN_NODE: { severity: 'error', doc: "An edge names a node that is not in the flow's `nodes`." },
  AS_EDGE_UNKNOWN_BRANCH: { severity: 'error', doc: "A control edge's `from_branch` is not among the source node's branches." },
  AS_EDGE_DUPLICATE_BRANCH: { severity: 'error', doc: 'Two control edges leave the same branch of the same node.' },
  AS_DATA_UNKNOWN_OUTPUT: { severity: 'error', doc: "A data edge's `source_output` is not an output of its source node." },
  AS_DATA_UNKNOWN_INPUT: { severity: 'error', doc: "A data edge's `destination_input` is not an input of its destination node." },
  AS_DATA_TYPE_MISMATCH: { severity: 'error', doc: 'A data edge connects an output to an input whose type it cannot be cast to (spec type compatibility rules).' },
  AS_FLOW_INPUT_MISMATCH: { severity: 'error', doc: "The flow's inputs differ from its StartNode's inputs." },
  AS_FLOW_OUTPUT_MISSING: { severity: 'error', doc: 'A flow output is absent from an EndNode and has no default in the flow.' },
  AS_FLOW_OUTPUT_CONFLICT: { severity: 'error', doc: 'Two EndNodes expose outputs of the same name with incompatible types, or a flow output type does not accept an EndNode output.' },

  // Inputs, outputs, branches
  AS_PASSTHROUGH_IO: { severity: 'error', doc: "A StartNode's outputs (or an EndNode's inputs) differ from its inputs (outputs)." },
  AS_IO_MISMATCH: { severity: 'error', doc: 'Declared inputs/outputs differ from those the component infers (names differ, or an inferred type cannot be cast to the declared one).' },
  AS_PLACEHOLDER_NO_INPUT: { severity: 'error', doc: 'A `{{placeholder}}` in a template has no input of that name.' },
  AS_BRANCHES_MISMATCH: { severity: 'error', doc: "A node's declared `branches` differ from the branches it infers." },
  AS_MAP_REDUCER: { severity: 'error', doc: 'A MapNode reducer names an output its subflow lacks, or reduces a non-numeric output with sum/average/max/min.' },
} as const satisfies Record<string, { severity: 'error' | 'warning'; doc: string }>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;
