// The page's words: the server renders each page in its reader's language (gamekit/rooms/speech.py) and puts the
// messages its scripts mark (tr and ntr calls with double-quoted English) into the JSON block #gamekit-strings,
// translated from the gettext catalogue (gamekit/locale). The scripts hold no text of their own: tr() looks it up
// here, and ntr() picks the plural form with the catalogue's own Plural-Forms rule (TEXT.plural).
"use strict";
const TEXT = (() => {
  const block = document.getElementById("gamekit-strings");
  try { return JSON.parse(block.textContent); }
  catch (e) { return {lang: "en", decimal: ".", group: ",", messages: {}, plurals: {}, plural: "(n != 1)", asked: null}; }
})();
// The catalogue's plural rule, a C expression of n such as "(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2)",
// evaluated here by a small parser (the page's CSP allows no eval): n, whole numbers, ( ), ! * / % + - < <= > >=
// == != && || and ? :.
const pluralIndex = (() => {
  const tokens = TEXT.plural.match(/n|\d+|&&|\|\||[=!<>]=|[-+*\/%<>!?:()]/g) || [];
  return (n) => {
    let at = 0;
    const peek = () => tokens[at], take = () => tokens[at++];
    const binary = (next, ops) => () => {
      let left = next();
      while (ops[peek()]) { const op = ops[take()]; const right = next(); left = op(left, right); }
      return left;
    };
    const unary = () => {
      const t = take();
      if (t === "!") return unary() ? 0 : 1;
      if (t === "-") return -unary();
      if (t === "(") { const v = ternary(); take(); return v; }
      return t === "n" ? n : Number(t);
    };
    const product = binary(unary, {"*": (a, b) => a * b, "/": (a, b) => Math.trunc(a / b), "%": (a, b) => a % b});
    const sum = binary(product, {"+": (a, b) => a + b, "-": (a, b) => a - b});
    const order = binary(sum, {"<": (a, b) => +(a < b), "<=": (a, b) => +(a <= b), ">": (a, b) => +(a > b), ">=": (a, b) => +(a >= b)});
    const equal = binary(order, {"==": (a, b) => +(a === b), "!=": (a, b) => +(a !== b)});
    const and = binary(equal, {"&&": (a, b) => +(a && b)});
    const or = binary(and, {"||": (a, b) => +(a || b)});
    function ternary() {
      const test = or();
      if (peek() !== "?") return test;
      take(); const yes = ternary(); take(); const no = ternary();
      return test ? yes : no;
    }
    return Number(ternary());
  };
})();
// {name} placeholders filled with values (as str.format does with named fields)
function fill(text, values) {
  return values ? text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m)) : text;
}
function tr(msgid, values) {
  return fill(msgid in TEXT.messages ? TEXT.messages[msgid] : msgid, values);
}
// the catalogue's form for the count n (English without a catalogue: n == 1 the singular, else the plural)
function ntr(singular, plural, n, values) {
  const forms = TEXT.plurals[singular];
  const form = forms ? forms[Math.min(forms.length - 1, pluralIndex(n))] : n === 1 ? singular : plural;
  return fill(form, Object.assign({n: n}, values || {}));
}
// a number with the page language's decimal point (no thousands grouping: the pages show small numbers)
function decimal(x, digits) {
  return x.toFixed(digits).replace(".", TEXT.decimal);
}
// a link the page makes keeps the language its address asked for (?lang=es), before any #fragment
function withLang(url) {
  if (!TEXT.asked) return url;
  const [path, fragment] = url.split("#", 2);
  if (/[?&]lang=/.test(path)) return url;
  return path + (path.includes("?") ? "&" : "?") + "lang=" + TEXT.asked + (fragment !== undefined ? "#" + fragment : "");
}
// the language the server should answer in (API calls, the room's socket, the review)
function langQuery() { return "lang=" + encodeURIComponent(TEXT.lang); }
document.addEventListener("DOMContentLoaded", () => {
  for (const a of document.querySelectorAll("a[href]")) {
    const href = a.getAttribute("href");
    if (href && !href.startsWith("#") && !/^[a-z]+:/i.test(href)) a.setAttribute("href", withLang(href));
  }
});
