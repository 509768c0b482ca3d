package analyzer

// Evaluations is the number of expressions the dataflow has evaluated so
// far in this test binary.
func Evaluations() int64 { return evaluations.Load() }
