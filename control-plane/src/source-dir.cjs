// This package's source folder, for the files it starts by path (the mount check's child process):
// a CommonJS file knows its folder in Node and in jest alike, which an ES module without
// import.meta cannot.
module.exports = { SOURCE_DIR: __dirname };
