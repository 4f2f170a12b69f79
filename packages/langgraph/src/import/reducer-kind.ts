/**
 * What a state key's reducer is, by name where LangGraph's guides write one:
 * LangGraph's `messagesStateReducer`, concat (`(a, b) => a.concat(b)`,
 * `[...a, ...b]`), append (`[...a, b]`), last value (`b ?? a`); anything
 * else is `custom`. The spec's tools apply the reducer itself either way: the
 * name goes into the property's description.
 */
import { messagesStateReducer } from '@langchain/langgraph';

export type ReducerKind = 'none' | 'messages' | 'concat' | 'append' | 'last' | 'custom';

export function reducerKind(channel: { operator?: unknown } | undefined): ReducerKind {
  const op = channel?.operator;
  if (typeof op !== 'function') return 'none';
  if (op === messagesStateReducer || op.name === 'messagesStateReducer') return 'messages';
  const text = Function.prototype.toString.call(op).replace(/\s+/g, '');
  // the reducers LangGraph's guides write, as arrow functions: (a, b) => a.concat(b), [...a, ...b], [...a, b], b ?? a
  const arrow = /^\(?(\w+)(?:=\[\])?,(\w+)\)?=>(.+)$/.exec(text);
  if (!arrow) return 'custom';
  const [, a, b, body] = arrow as unknown as [string, string, string, string];
  if (body === `${a}.concat(${b})` || body === `[...${a},...${b}]`) return 'concat';
  if (body === `[...${a},${b}]` || body === `${a}.concat([${b}])`) return 'append';
  if (body === `${b}??${a}` || body === `${b}||${a}`) return 'last';
  return 'custom';
}

export const REDUCER_TEXT: Record<ReducerKind, string> = {
  none: '',
  messages: 'LangChain messages as JSON ({ type, content, … }); a node\'s update is added by message id (LangGraph\'s messagesStateReducer)',
  concat: 'a node\'s update (a list) is appended (reducer: concat)',
  append: 'a node\'s update is added at the end (reducer: append)',
  last: 'a node\'s update replaces the value, unless it is empty (reducer: last value)',
  custom: 'a node\'s update goes through the graph\'s own reducer',
};
