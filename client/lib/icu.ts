/**
 * A message's ICU text (`Paid by {name}`, `{count, plural, one {# fee} other {# fees}}`) turned into the tokens
 * Lingui formats. English texts stay in the code, beside their ids, and are compiled here when first shown: the
 * screens download no English catalogue. The other languages' catalogues come compiled by the build.
 */
type Token = string | [string] | [string, string, Record<string, Token[] | number>];

const compiled = new Map<string, Token[]>();

export function compileIcu(message: string): Token[] {
  let tokens = compiled.get(message);
  if (!tokens) {
    tokens = parse(message);
    compiled.set(message, tokens);
  }
  return tokens;
}

function parse(message: string): Token[] {
  let at = 0;
  const skipSpaces = () => {
    while (/\s/.test(message[at] ?? '')) at++;
  };
  const word = () => {
    skipSpaces();
    const start = at;
    while (at < message.length && !/[\s,{}]/.test(message[at] as string)) at++;
    return message.slice(start, at);
  };
  const text = (inPlural: boolean): Token[] => {
    const tokens: Token[] = [];
    let run = '';
    const flush = () => {
      if (run) tokens.push(run);
      run = '';
    };
    while (at < message.length && message[at] !== '}') {
      const char = message[at] as string;
      if (char === '{') {
        flush();
        tokens.push(argument());
      } else if (char === '#' && inPlural) {
        flush();
        tokens.push('#');
        at++;
      } else if (char === "'" && message[at + 1] === "'") {
        run += "'";
        at += 2;
      } else if (char === "'" && /[{}#]/.test(message[at + 1] ?? '')) {
        // ICU quoting: '{' … ' is literal text.
        const end = message.indexOf("'", at + 1);
        run += message.slice(at + 1, end === -1 ? undefined : end);
        at = end === -1 ? message.length : end + 1;
      } else {
        run += char;
        at++;
      }
    }
    flush();
    return tokens;
  };
  const argument = (): Token => {
    at++; // {
    const name = word();
    skipSpaces();
    if (message[at] === '}') {
      at++;
      return [name];
    }
    at++; // ,
    const type = word();
    skipSpaces();
    const cases: Record<string, Token[] | number> = {};
    if (message[at] === ',') at++;
    for (;;) {
      skipSpaces();
      if (at >= message.length || message[at] === '}') break;
      const key = word();
      if (key.startsWith('offset:')) {
        cases.offset = Number(key.slice('offset:'.length));
        continue;
      }
      skipSpaces();
      at++; // {
      cases[key.startsWith('=') ? key.slice(1) : key] = text(type === 'plural' || type === 'selectordinal');
      at++; // }
    }
    at++; // }
    return [name, type, cases];
  };
  return text(false);
}
