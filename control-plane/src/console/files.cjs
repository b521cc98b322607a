// Where the operator console's files are (operator/console.ts serves them): a CommonJS file knows its
// folder in Node and in jest alike, which an ES module without import.meta cannot.
module.exports = { CONSOLE_DIR: __dirname };
