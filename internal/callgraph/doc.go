// Package callgraph is the model of one package that the analyzer's
// detection and its fix planning both read: the non-test files and their
// function declarations (Model), and the call graph built from one walk of
// them (Graph): the function bodies, declared and literal, the interface
// methods the package's types implement, the calls whose callee is known
// (Site), what each literal is run by, and the variables a dataflow cannot
// follow (escaping) or that are assigned after their declaration.
//
// It decides nothing of the rule: which calls emit, what is reported and
// what a fix writes belong to the analyzer and to internal/fixplan.
package callgraph
