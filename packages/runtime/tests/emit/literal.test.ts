// The escaper is a security boundary: spec text must never become code. These
// properties check, over arbitrary strings (full Unicode, lone surrogates,
// line separators, `${`, backticks, `*/`, quotes, backslashes) and arbitrary
// JSON-like values, that a literal parses as data only and evaluates to
// exactly its input, and that comment text never ends its comment.
import { deepStrictEqual } from 'node:assert/strict';
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { commentText, docComment, key, literal, member, raw, str, template, templateText, text } from '../../src/emit/index.js';

const RUNS = 2000;

/** Text a spec could hold to break out of a literal or a comment, mixed with arbitrary code points. */
const TOKENS = [
  '\u2028', '\u2029', '${', '$', '{', '}', '`', '*/', '/*', '//', '</script>', '<!--', '-->', "'", '"', '\\', '\\u', '\\x', '\r\n', '\r', '\n', '\t',
  '\0', '\x07', '\x1b', '\x7f', '\x85', '\u00a0', '\u200b', '\u200d', '\u202e', '\u2066', '\ufeff', '\ud800', '\udfff', '\udbff\udfff', '😀', '\u{e0041}',
  '__proto__', 'constructor', '*', '/',
];
const spicy = fc.array(fc.oneof(fc.constantFrom(...TOKENS), fc.string({ unit: 'binary', maxLength: 6 }), fc.string({ maxLength: 6 })), { maxLength: 12 }).map((parts) => parts.join(''));

/** JSON-like values: JSON plus the numbers JSON has no text for (NaN, ±Infinity, -0), keys as spicy as strings. */
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    spicy,
    fc.double(),
    fc.integer(),
    fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 0, 1e21, 5e-324, Number.MAX_SAFE_INTEGER),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 6 }),
    fc.array(fc.tuple(spicy, tie('value')), { maxLength: 6 }).map((entries) => {
      // an own property for every key, `__proto__` included (as JSON.parse makes them)
      const out: Record<string, unknown> = {};
      for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      return out;
    }),
  ),
}));

/** The syntax errors of `code` as a TypeScript module. */
function syntaxErrors(code: string): string[] {
  const { diagnostics = [] } = ts.transpileModule(code, { reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022 } });
  return diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** The expression of `(<code>);`, parsed alone; fails unless it is exactly one expression statement without syntax errors. */
function parseExpression(code: string): ts.Expression {
  const source = `(${code});\n`;
  expect(syntaxErrors(source), source).toEqual([]);
  const file = ts.createSourceFile('literal.ts', source, ts.ScriptTarget.ES2022, true);
  expect(file.statements.length, source).toBe(1);
  const statement = file.statements[0] as ts.Statement;
  expect(ts.isExpressionStatement(statement), source).toBe(true);
  return ((statement as ts.ExpressionStatement).expression as ts.ParenthesizedExpression).expression;
}

/** Whether an expression is data only: literals, arrays, objects, and the constants of non-JSON numbers — no call, no substitution, no name. */
function isData(node: ts.Node): boolean {
  switch (node.kind) {
    case ts.SyntaxKind.StringLiteral:
    case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
    case ts.SyntaxKind.NumericLiteral:
    case ts.SyntaxKind.TrueKeyword:
    case ts.SyntaxKind.FalseKeyword:
    case ts.SyntaxKind.NullKeyword:
      return true;
    case ts.SyntaxKind.Identifier:
      return (node as ts.Identifier).text === 'undefined';
    case ts.SyntaxKind.PrefixUnaryExpression: {
      const u = node as ts.PrefixUnaryExpression;
      return u.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(u.operand);
    }
    case ts.SyntaxKind.PropertyAccessExpression: {
      const p = node as ts.PropertyAccessExpression;
      return ts.isIdentifier(p.expression) && p.expression.text === 'Number' && ['NaN', 'POSITIVE_INFINITY', 'NEGATIVE_INFINITY'].includes(p.name.text);
    }
    case ts.SyntaxKind.ArrayLiteralExpression:
      return (node as ts.ArrayLiteralExpression).elements.every(isData);
    case ts.SyntaxKind.ObjectLiteralExpression:
      return (node as ts.ObjectLiteralExpression).properties.every((p) => {
        if (!ts.isPropertyAssignment(p)) return false;
        const name = p.name;
        const keyIsData = ts.isIdentifier(name) || ts.isStringLiteral(name) || (ts.isComputedPropertyName(name) && ts.isStringLiteral(name.expression) && name.expression.text === '__proto__');
        return keyIsData && isData(p.initializer);
      });
    default:
      return false;
  }
}

/** What a literal evaluates to (our own escaper's output, evaluated in this test only). */
function evaluate(code: string): unknown {
  return new Function(`return (${code});`)() as unknown;
}

/** Text that a UTF-8 file holds as it is, where nothing reads differently than it runs. */
const UNSAFE_IN_SOURCE = /[\p{Cs}\p{Cf}\u2028\u2029\r\p{Cc}]/u;

describe('string literals', () => {
  it('str(), template(), text(): data only, evaluating to exactly the input; nothing unsafe left in the text', () => {
    fc.assert(fc.property(spicy, (s) => {
      for (const code of [str(s), template(s), text(s)]) {
        const node = parseExpression(code);
        expect(ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node), code).toBe(true);
        expect(evaluate(code)).toBe(s);
        expect(code.replace(/\n/g, ''), code).not.toMatch(UNSAFE_IN_SOURCE);
      }
      expect(str(s)).not.toContain('\n');
    }), { numRuns: RUNS });
  });

  it('templateText(): pieces joined around substitutions the emitter writes stay text (a final `$` cannot meet a `{`)', () => {
    fc.assert(fc.property(fc.array(fc.oneof(spicy, fc.constantFrom('a$', '{b}', '$', '{')), { minLength: 1, maxLength: 4 }), (pieces) => {
      const code = `\`${pieces.map(templateText).join('${"|"}')}\``;
      expect(syntaxErrors(`(${code});`), code).toEqual([]);
      expect(evaluate(code)).toBe(pieces.join('|'));
      expect(evaluate(`\`${pieces.map(templateText).join('')}\``)).toBe(pieces.join(''));
    }), { numRuns: RUNS });
  });

  it('escapes what it must, and keeps readable text as it is', () => {
    const written = [
      str("it's a \\ back\nslash"), str('\u2028\u2029\0\x1b\u202e\ufeff\ud800'), str('\u{e0041} tag'), str('Zürich, 東京, 😀'),
      template('a `b` ${c} \\d\r\ne$'), text('one line'), text('two\nlines'), text('two\r\nlines'),
    ];
    expect(written).toEqual([
      "'it\\'s a \\\\ back\\nslash'", "'\\u2028\\u2029\\u0000\\u001b\\u202e\\ufeff\\ud800'", "'\\u{e0041} tag'", "'Zürich, 東京, 😀'",
      '`a \\`b\\` \\${c} \\\\d\\r\ne\\$`', "'one line'", '`two\nlines`', "'two\\r\\nlines'",
    ]);
  });
});

describe('commentText', () => {
  it('never ends its comment early, whatever the text: block, JSDoc and line comments hold exactly one comment', () => {
    fc.assert(fc.property(spicy, (s) => {
      const c = commentText(s);
      expect(c).not.toMatch(/\*\/|[\n\r\u2028\u2029]/);
      expect(c).not.toMatch(UNSAFE_IN_SOURCE);
      for (const code of [`const a = 1; /* ${c} */ const b = 2;`, `/** ${c} */\nconst a = 1;\nconst b = 2;`, `const a = 1; // ${c}\nconst b = 2;`]) {
        expect(syntaxErrors(code), code).toEqual([]);
        const file = ts.createSourceFile('comment.ts', code, ts.ScriptTarget.ES2022, true);
        expect(file.statements.map((st) => st.getText(file)), code).toEqual(['const a = 1;', 'const b = 2;']);
      }
    }), { numRuns: RUNS });
  });

  it('folds whitespace onto one line and shows invisible characters', () => {
    expect(commentText('  a\n\tb  \u2028 c*/d  ')).toBe('a b c*\\/d');
    expect(commentText('x\u202ey\ud800')).toBe('x\\u202ey\\ud800');
  });
});

describe('docComment', () => {
  it('holds one comment whatever the lines', () => {
    fc.assert(fc.property(fc.array(spicy, { minLength: 1, maxLength: 4 }), (lines) => {
      const code = `${docComment(lines, '  ')}\nconst a = 1;`;
      expect(syntaxErrors(code), code).toEqual([]);
      expect(ts.createSourceFile('doc.ts', code, ts.ScriptTarget.ES2022).statements.length).toBe(1);
    }), { numRuns: 500 });
    expect(docComment(['One */ line'])).toBe('/** One *\\/ line */');
    expect(docComment(['Title', '', 'Body\nmore'], '  ')).toBe('  /**\n   * Title\n   *\n   * Body more\n   */');
  });
});

describe('keys and member access', () => {
  it('key() and member() stand for exactly the name', () => {
    fc.assert(fc.property(spicy, (name) => {
      const object = evaluate(`{ ${key(name)}: 1 }`) as Record<string, unknown>;
      expect(Object.keys(object)).toEqual([name]);
      expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
      const holder = Object.defineProperty({}, name, { value: 'v', enumerable: true });
      if (name !== '__proto__') expect(new Function('o', `return o${member(name)};`)(holder)).toBe('v');
    }), { numRuns: RUNS });
  });

  it('bare when the name is an identifier, `__proto__` an own property', () => {
    expect(key('city')).toBe('city');
    expect(key('a-b')).toBe("'a-b'");
    expect(key('__proto__')).toBe("['__proto__']");
    expect(member('city')).toBe('.city');
    expect(member('1st')).toBe("['1st']");
  });
});

describe('literal', () => {
  it('of an arbitrary JSON-like value: data only, evaluating to exactly the value, at any indent and column', () => {
    fc.assert(fc.property(value, fc.nat(12), fc.oneof(fc.nat(120), fc.constant(120)), fc.boolean(), (v, depth, column, multiline) => {
      const indent = ' '.repeat(depth);
      const code = literal(v, indent, column, { multiline });
      // without multi-line text, every line break is the layout's: re-indenting the code cannot change a value
      if (!multiline) expect(code.split('\n').slice(1).every((line) => line.startsWith(indent)), code).toBe(true);
      expect(isData(parseExpression(code)), code).toBe(true);
      deepStrictEqual(evaluate(code), v);
      expect(code.replace(/\n/g, '')).not.toMatch(UNSAFE_IN_SOURCE);
    }), { numRuns: RUNS });
  });

  it('stays on one line when it fits in 100 columns from where it starts, else one entry per line', () => {
    const v = { city: 'Zurich', days: [1, 2, 3], nested: { ok: true, none: null } };
    expect(literal(v)).toBe("{ city: 'Zurich', days: [1, 2, 3], nested: { ok: true, none: null } }");
    expect(literal(v, '  ', 60)).toBe([
      '{',
      "    city: 'Zurich',",
      '    days: [1, 2, 3],',
      '    nested: { ok: true, none: null },',
      '  }',
    ].join('\n'));
    expect(literal({ prompt: 'two\nlines', n: 1 })).toBe("{ prompt: 'two\\nlines', n: 1 }");
    expect(literal({ prompt: 'two\nlines', n: 1 }, '', 0, { multiline: true })).toBe('{\n  prompt: `two\nlines`,\n  n: 1,\n}');
    expect(literal({ a: undefined, b: [undefined] })).toBe('{ b: [undefined] }');
    expect(literal('a long\ntext', '  ', 120)).toBe("'a long\\ntext'");
  });

  it('writes numbers exactly', () => {
    expect([Number.NaN, Infinity, -Infinity, -0, 0, 1.5, -2, 1e21].map((n) => literal(n)))
      .toEqual(['Number.NaN', 'Number.POSITIVE_INFINITY', 'Number.NEGATIVE_INFINITY', '-0', '0', '1.5', '-2', '1e+21']);
  });

  it('writes raw() code as it is', () => {
    expect(literal({ tool: raw('getForecastTool'), list: [raw('a()'), 'a()'] })).toBe("{ tool: getForecastTool, list: [a(), 'a()'] }");
  });

  it('refuses what has no literal, with AS_EMIT_VALUE naming where it is', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const refused: [unknown, RegExp][] = [
      [{ f: () => 1 }, /a function at \$\.f/],
      [[Symbol('s')], /a symbol at \$\[0\]/],
      [{ n: { big: 10n } }, /a bigint at \$\.n\.big/],
      [{ when: new Date(0) }, /an object of class Date at \$\.when/],
      [new Map(), /an object of class Map at \$/],
      [cyclic, /a reference cycle at \$\.self/],
    ];
    for (const [v, message] of refused) {
      expect(() => literal(v)).toThrow(expect.objectContaining({ code: 'AS_EMIT_VALUE', message: expect.stringMatching(message) }));
    }
  });

  it('takes an object without a prototype, and a value met twice that is no cycle', () => {
    const shared = { x: 1 };
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: shared, b: shared });
    expect(literal(bare)).toBe('{ a: { x: 1 }, b: { x: 1 } }');
  });
});
