package testkit

import "slices"

// A FixDriver is one of the three ways to apply the analyzer's fixes.
type FixDriver struct {
	Name string   // as the docs name it: "standalone -fix", "go fix -fixtool", "go vet -fix"
	Args []string // the program and its arguments, over ./...
}

// FixDrivers returns the drivers that apply bin's fixes, each given flags
// (the analyzer's settings): the command itself, go fix and go vet. All
// three must write the same files.
func FixDrivers(bin string, flags ...string) []FixDriver {
	return []FixDriver{
		{"standalone -fix", slices.Concat([]string{bin}, flags, []string{"-fix", "./..."})},
		{"go fix -fixtool", slices.Concat([]string{"go", "fix", "-fixtool=" + bin}, flags, []string{"./..."})},
		{"go vet -fix", slices.Concat([]string{"go", "vet", "-vettool=" + bin}, flags, []string{"-fix", "./..."})},
	}
}
