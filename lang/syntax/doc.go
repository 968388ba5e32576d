// Package syntax owns the concrete syntax of the msrepl language: its tokens,
// the scanner, the parser and the syntax tree, in which every node knows the
// file, line and column where it starts and ends.
//
// It parses a Python 3 subset plus IPython's magics (%name and %%name) and
// help syntax (x?). It does not resolve names, compile or run anything, and it
// imports no other package of the project.
package syntax
