// As deps/langgraph.mjs: in your project, import from 'zod'.
export { z } from '../../../packages/langgraph/node_modules/zod/index.js';
