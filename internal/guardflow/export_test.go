package guardflow

// Evaluated returns how many expressions the analysis has evaluated: the
// measure of its work that TestWorkGrowsLinearly compares across sizes.
func (fa *Analysis) Evaluated() int { return fa.evaluated }
